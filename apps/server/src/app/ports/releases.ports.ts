import { bindPort } from './bind-port';

/** Releases and attachments. */
export const RELEASES_PORTS = [] as ReturnType<typeof bindPort>[];
