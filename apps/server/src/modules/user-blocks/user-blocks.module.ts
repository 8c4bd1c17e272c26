import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MyBlocksController, OrgBlocksController } from './user-blocks.controller';
import { UserBlocksService } from './user-blocks.service';

/** Users blocked by users and organizations. */
@Module({
  imports: [AccountsModule],
  controllers: [MyBlocksController, OrgBlocksController],
  providers: [UserBlocksService],
})
export class UserBlocksModule {}
