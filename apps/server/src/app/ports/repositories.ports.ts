import { bindPort } from './bind-port';

/** Repositories, who may use them, LFS objects and pull requests. */
export const REPOSITORIES_PORTS = [] as ReturnType<typeof bindPort>[];
