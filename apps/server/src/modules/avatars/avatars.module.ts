import { Module } from '@nestjs/common';
import { AvatarStore } from '@bellows/domain';
import { TypeOrmAvatarStore } from '@bellows/persistence-typeorm';
import { bindPort } from '../../app/ports/bind-port';
import { AccountsModule } from '../accounts/accounts.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { AvatarImages } from './avatar-images';
import { AvatarFilesController, OrgAvatarController, RepoAvatarController, UserAvatarController } from './avatars.controller';
import { AvatarsService } from './avatars.service';

/** Uploaded and default avatars of users, organizations and repositories; the store port is bound here, its only user. */
@Module({
  imports: [AccountsModule, RepositoriesModule],
  controllers: [UserAvatarController, OrgAvatarController, RepoAvatarController, AvatarFilesController],
  providers: [AvatarsService, AvatarImages, bindPort(AvatarStore, (db) => new TypeOrmAvatarStore(db.dataSource.manager))],
})
export class AvatarsModule {}
