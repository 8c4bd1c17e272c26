import { Module } from '@nestjs/common';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { BranchProtectionsController } from './branch-protections.controller';
import { ProtectionRulesService } from './protection-rules.service';
import { RefProtectionModule } from './ref-protection.module';
import { TagProtectionsController } from './tag-protections.controller';
import { WhitelistNames } from './whitelist-names';

/**
 * Branch and tag protection rules, managed by repository administrators
 * through the API. Enforcing them is RefProtection's (RefProtectionModule),
 * which every way of changing refs asks.
 */
@Module({
  imports: [RepositoriesModule, RepoFilesModule, RefProtectionModule],
  controllers: [BranchProtectionsController, TagProtectionsController],
  providers: [ProtectionRulesService, WhitelistNames],
})
export class ProtectionModule {}
