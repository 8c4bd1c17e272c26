/** A configuration value that cannot be used; the message names the key. */
export class ConfigError extends Error {
  constructor(
    readonly key: string,
    problem: string,
  ) {
    super(`invalid configuration ${key}: ${problem}`);
    this.name = 'ConfigError';
  }
}
