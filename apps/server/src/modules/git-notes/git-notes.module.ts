import { Module } from '@nestjs/common';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepoHistoryService } from '../repo-files/repo-history.service';
import { GitNotesController } from './git-notes.controller';
import { GitNotesService } from './git-notes.service';

/** Git notes on commits. The RepositoryNotes port is bound with the other git ports. */
@Module({
  imports: [RepoFilesModule],
  controllers: [GitNotesController],
  providers: [GitNotesService, RepoHistoryService],
})
export class GitNotesModule {}
