import { FactoryProvider } from '@nestjs/common';
import { AvatarStore } from '@bellows/domain';
import { TypeOrmAvatarStore } from '@bellows/persistence-typeorm';
import { bindPort } from './bind-port';

/** Avatars of owners and repositories: the avatar columns, written by id outside any transaction. */
export const AVATARS_PORTS: FactoryProvider[] = [bindPort(AvatarStore, (db) => new TypeOrmAvatarStore(db.dataSource.manager))];
