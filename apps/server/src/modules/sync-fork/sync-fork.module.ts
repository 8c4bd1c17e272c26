import { Module } from '@nestjs/common';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { SyncForkController } from './sync-fork.controller';
import { SyncForkService } from './sync-fork.service';

/** Syncing a fork's branches with its base repository. The ForkSync port is bound with the other git ports. */
@Module({
  imports: [RepoFilesModule, RepositoriesModule],
  controllers: [SyncForkController],
  providers: [SyncForkService],
})
export class SyncForkModule {}
