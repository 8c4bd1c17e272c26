import { AccessTokenEntity } from './access-token.entity';
import { OwnerEntity } from './owner.entity';

export * from './access-token.entity';
export * from './owner.entity';

/** Every entity the data source knows. Add new ones here. */
export const ENTITIES = [OwnerEntity, AccessTokenEntity];
