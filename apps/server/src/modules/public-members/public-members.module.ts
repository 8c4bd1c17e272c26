import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { PublicMembersController } from './public-members.controller';

/** Which members of an organization show their membership publicly. */
@Module({
  imports: [AccountsModule],
  controllers: [PublicMembersController],
  providers: [shapeContextProvider],
})
export class PublicMembersModule {}
