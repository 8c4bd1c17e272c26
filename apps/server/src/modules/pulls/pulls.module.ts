import { Module } from '@nestjs/common';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { PullsController } from './pulls.controller';
import { PullsService } from './pulls.service';

/** Pull requests between branches of one repository, numbered in the repository's issue sequence. */
@Module({
  imports: [RepoFilesModule],
  controllers: [PullsController],
  providers: [PullsService],
})
export class PullsModule {}
