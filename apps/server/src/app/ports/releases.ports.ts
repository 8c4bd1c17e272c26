import { FactoryProvider } from '@nestjs/common';
import { AttachmentStore, ReleaseStore } from '@bellows/domain';
import * as git from '@bellows/git';
import { SourceArchives } from '../../modules/releases/source-archives';
import { bindPort } from './bind-port';
import { withPortErrors } from './git.ports';

/** Releases and attachments; source archives made by the git adapter (answering the git ports' errors, see git.ports.ts). */
export const RELEASES_PORTS: FactoryProvider[] = [
  bindPort(ReleaseStore, (db) => db.releases),
  bindPort(AttachmentStore, (db) => db.attachments),
  { provide: SourceArchives, useFactory: (): SourceArchives => withPortErrors({ archive: git.archive }) },
];
