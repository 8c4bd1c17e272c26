import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { AdminOrgsController, OrgLookupsController, UserTeamsController } from './org-lookups.controller';
import { OrgLookupsService } from './org-lookups.service';

/** Lookups across teams and organizations: team search, a user's teams and permissions, all organizations. */
@Module({
  imports: [AccountsModule],
  controllers: [OrgLookupsController, UserTeamsController, AdminOrgsController],
  providers: [OrgLookupsService, shapeContextProvider],
})
export class OrgLookupsModule {}
