import { Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepositoriesModule } from '../repositories/repositories.module';
import { MyWatchesController, RepoWatchesController, UserWatchesController } from './watches.controller';
import { WatchesService } from './watches.service';

/** Watching repositories (Forgejo's subscriptions): the caller's watch, a repository's watchers, a user's watched repositories. */
@Module({
  imports: [RepositoriesModule],
  controllers: [RepoWatchesController, MyWatchesController, UserWatchesController],
  providers: [WatchesService, shapeContextProvider],
})
export class WatchesModule {}
