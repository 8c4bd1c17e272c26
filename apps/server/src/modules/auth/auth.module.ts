import { Module } from '@nestjs/common';
import { AccessTokensController } from './access-tokens.controller';
import { AccessTokenService } from './access-tokens.service';
import { TotpController } from './totp.controller';
import { TotpEnrolmentService } from './totp-enrolment.service';

/**
 * Sign-in support beyond the core Authenticator (which every module gets from
 * CoreModule): access tokens and TOTP enrolment.
 */
@Module({
  controllers: [AccessTokensController, TotpController],
  providers: [AccessTokenService, TotpEnrolmentService],
  exports: [AccessTokenService],
})
export class AuthModule {}
