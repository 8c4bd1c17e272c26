import { Module } from '@nestjs/common';
import { RefProtectionModule } from '../protection/ref-protection.module';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { BranchesController } from './branches.controller';
import { BranchWrites } from './branch-writes.service';
import { TagsController } from './tags.controller';
import { TagsService } from './tags.service';

/**
 * A repository's refs through the API: creating and deleting branches (the
 * branch reads are repo-files'), and tags. Every write re-measures the git size
 * (RepoGitResolver.afterWrite), so the owner's usage follows; branch and tag
 * protection (RefProtection) is asked first, as for a push.
 */
@Module({
  imports: [RepositoriesModule, RepoFilesModule, RefProtectionModule],
  controllers: [BranchesController, TagsController],
  providers: [BranchWrites, TagsService],
})
export class RefsModule {}
