import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { ApiTotpEnrolment, TotpPasscodeOption } from './dto/totp.dto';
import { TotpEnrolmentService } from './totp-enrolment.service';

/**
 * Two-factor (TOTP) enrolment of the signed-in user. Bellows has no web UI,
 * so the API offers what Forgejo's settings page does.
 */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user/twofactor/totp')
export class TotpController {
  constructor(private readonly enrolment: TotpEnrolmentService) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ApiTotpEnrolment, description: 'a pending secret; two-factor sign-in turns on once confirmed' })
  @ApiConflictResponse({ description: 'two-factor authentication is already enabled' })
  userEnrolTotp(@CurrentActor() actor: Actor): Promise<ApiTotpEnrolment> {
    return this.enrolment.enrol(actor.user);
  }

  @Post('confirm')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'two-factor authentication is on' })
  @ApiNotFoundResponse({ description: 'no enrolment is pending' })
  @ApiConflictResponse({ description: 'two-factor authentication is already enabled' })
  @ApiUnprocessableEntityResponse({ description: 'the passcode is not a current code, or was already used (each code is accepted once)' })
  async userConfirmTotp(@CurrentActor() actor: Actor, @Body() body: TotpPasscodeOption): Promise<void> {
    await this.enrolment.confirm(actor.user, body.passcode);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'two-factor authentication is off' })
  @ApiNotFoundResponse({ description: 'two-factor authentication is not enabled' })
  @ApiUnprocessableEntityResponse({ description: 'the passcode is not a current code, or was already used (each code is accepted once)' })
  async userDisableTotp(@CurrentActor() actor: Actor, @Body() body: TotpPasscodeOption): Promise<void> {
    await this.enrolment.disable(actor.user, body.passcode);
  }
}
