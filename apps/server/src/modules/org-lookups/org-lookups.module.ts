import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { OrgLookupsController } from './org-lookups.controller';
import { OrgLookupsService } from './org-lookups.service';

/** Lookups across teams and organizations: team search, a user's teams and permissions, all organizations. */
@Module({
  imports: [AccountsModule],
  controllers: [OrgLookupsController],
  providers: [OrgLookupsService, shapeContextProvider],
})
export class OrgLookupsModule {}
