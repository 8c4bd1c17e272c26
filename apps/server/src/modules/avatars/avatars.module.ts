import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { AvatarImages } from './avatar-images';
import { AvatarFilesController, OrgAvatarController, RepoAvatarController, UserAvatarController } from './avatars.controller';
import { AvatarsService } from './avatars.service';

/** Uploaded and default avatars of users, organizations and repositories (AvatarStore is bound in app/ports). */
@Module({
  imports: [AccountsModule, RepositoriesModule],
  controllers: [UserAvatarController, OrgAvatarController, RepoAvatarController, AvatarFilesController],
  providers: [AvatarsService, AvatarImages],
})
export class AvatarsModule {}
