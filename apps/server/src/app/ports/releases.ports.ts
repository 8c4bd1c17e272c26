import { AttachmentStore, ReleaseStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Releases and attachments. */
export const RELEASES_PORTS = [
  bindPort(ReleaseStore, (db) => db.releases),
  bindPort(AttachmentStore, (db) => db.attachments),
];
