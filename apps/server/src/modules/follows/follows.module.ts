import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { FollowsService } from './follows.service';
import { MyFollowsController, UserFollowsController } from './follows.controller';

/** Users following users. */
@Module({
  imports: [AccountsModule],
  controllers: [MyFollowsController, UserFollowsController],
  providers: [FollowsService, shapeContextProvider],
})
export class FollowsModule {}
