import { SizedThing, attachmentHolder } from '@bellows/domain';
import { ActionArtifactEntity } from '../entities/action-artifact.entity';
import { AttachmentEntity } from '../entities/attachment.entity';

/*
 * The sized rows, described for the domain's bucket rule (`bucketOf`): the
 * stores pass these to `UsageChanges`, and the recount's queries are tested to
 * agree with the same rule (sized-rows.test.ts).
 */

export function repositoryGit(isPrivate: boolean): SizedThing {
  return { kind: 'repository-git', isPrivate };
}

export const REPOSITORY_LFS: SizedThing = { kind: 'repository-lfs' };

export const PACKAGE_FILE: SizedThing = { kind: 'package-file' };

export function attachmentThing(row: Pick<AttachmentEntity, 'issueId' | 'commentId' | 'releaseId'>): SizedThing {
  return { kind: 'attachment', heldBy: attachmentHolder(row) };
}

export function artifactThing(row: Pick<ActionArtifactEntity, 'status'>): SizedThing {
  return { kind: 'artifact', active: row.status === 'active' };
}
