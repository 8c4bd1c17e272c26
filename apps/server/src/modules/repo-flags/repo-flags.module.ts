import { Module } from '@nestjs/common';
import { RepoFlagStore } from '@bellows/domain';
import { bindPort } from '../../app/ports/bind-port';
import { RepositoriesModule } from '../repositories/repositories.module';
import { RepoFlagsController } from './repo-flags.controller';
import { RepoFlagsService } from './repo-flags.service';

/** Flags site admins put on repositories; the store port is bound here, the only place that uses it. */
@Module({
  imports: [RepositoriesModule],
  controllers: [RepoFlagsController],
  providers: [RepoFlagsService, bindPort(RepoFlagStore, (db) => db.repoFlags)],
})
export class RepoFlagsModule {}
