import { Module } from '@nestjs/common';
import { AdminUsersController } from './admin-users.controller';
import { OrgMembershipService } from './org-membership.service';
import { OrganizationsService } from './organizations.service';
import { OrgsController } from './orgs.controller';
import { shapeContextProvider } from './shape-context.provider';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** Users, organizations and teams. Other modules use UsersService and OrgMembershipService. */
@Module({
  controllers: [UsersController, AdminUsersController, OrgsController, TeamsController],
  providers: [UsersService, OrgMembershipService, OrganizationsService, TeamsService, shapeContextProvider],
  exports: [UsersService, OrgMembershipService],
})
export class AccountsModule {}
