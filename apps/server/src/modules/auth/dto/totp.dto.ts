import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

/*
 * The request and response shapes of TOTP enrolment (Forgejo has no API for
 * it; these are Bellows' own).
 */

/** A pending TOTP secret, as the authenticator app needs it. */
export class ApiTotpEnrolment {
  @ApiProperty({ description: 'the shared secret, base32, for manual entry in an authenticator app' }) secret!: string;
  @ApiProperty({ description: 'otpauth:// URI of the secret, for a QR code' }) uri!: string;
}

export class TotpPasscodeOption {
  @ApiProperty({ example: '123456', description: 'the current six-digit code from the authenticator app' })
  @IsString()
  @Matches(/^\s*\d{6}\s*$/, { message: 'passcode must be six digits' })
  passcode!: string;
}
