import { AccessTokenEntity } from './access-token.entity';
import { OwnerEntity } from './owner.entity';
import { TeamEntity } from './team.entity';
import { TeamMemberEntity } from './team-member.entity';
import { QUOTA_ENTITIES } from './quota-entities';

export * from './access-token.entity';
export * from './owner.entity';
export * from './team.entity';
export * from './team-member.entity';
export * from './quota-entities';

/** Every entity the data source knows. Add new ones here. */
export const ENTITIES = [OwnerEntity, AccessTokenEntity, TeamEntity, TeamMemberEntity, ...QUOTA_ENTITIES];
