import { bindPort } from './bind-port';

/** Packages, actions runs, artifacts and secrets, stored files. */
export const PACKAGES_PORTS = [] as ReturnType<typeof bindPort>[];
