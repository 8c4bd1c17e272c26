import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiProperty, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { TotpEnrolmentService } from './totp-enrolment.service';

export class TotpEnrolmentDto {
  @ApiProperty({ description: 'the shared secret, base32, for manual entry in an authenticator app' }) secret!: string;
  @ApiProperty({ description: 'otpauth:// URI of the secret, for a QR code' }) uri!: string;
}

export class TotpPasscodeOption {
  @ApiProperty({ example: '123456', description: 'the current six-digit code from the authenticator app' })
  @IsString()
  @Matches(/^\s*\d{6}\s*$/, { message: 'passcode must be six digits' })
  passcode!: string;
}

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
  @ApiCreatedResponse({ type: TotpEnrolmentDto, description: 'a pending secret; two-factor sign-in turns on once confirmed' })
  @ApiConflictResponse({ description: 'two-factor authentication is already enabled' })
  userEnrolTotp(@CurrentActor() actor: Actor): Promise<TotpEnrolmentDto> {
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
