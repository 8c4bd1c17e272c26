/** Injection token for the loaded BellowsConfig. */
export const CONFIG = Symbol('BellowsConfig');
