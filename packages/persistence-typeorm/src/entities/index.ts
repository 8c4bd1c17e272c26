import { AccessTokenEntity } from './access-token.entity';
import { OwnerEntity } from './owner.entity';
import { TeamEntity } from './team.entity';
import { TeamMemberEntity } from './team-member.entity';
import { QUOTA_ENTITIES } from './quota-entities';
import { CollaborationEntity } from './collaboration.entity';
import { TeamRepositoryEntity } from './team-repository.entity';
import { IssueEntity } from './issue.entity';
import { PullRequestEntity } from './pull-request.entity';
import { LfsObjectEntity } from './lfs-object.entity';
import { LfsObjectRepositoryEntity } from './lfs-object-repository.entity';

export * from './access-token.entity';
export * from './owner.entity';
export * from './team.entity';
export * from './team-member.entity';
export * from './quota-entities';
export * from './collaboration.entity';
export * from './team-repository.entity';
export * from './issue.entity';
export * from './pull-request.entity';
export * from './lfs-object.entity';
export * from './lfs-object-repository.entity';

/** Every entity the data source knows. Add new ones here. */
export const ENTITIES = [OwnerEntity, AccessTokenEntity, TeamEntity, TeamMemberEntity, ...QUOTA_ENTITIES, CollaborationEntity, TeamRepositoryEntity, LfsObjectEntity, LfsObjectRepositoryEntity, IssueEntity, PullRequestEntity];
