import { UnauthorizedException } from '@nestjs/common';
import { OwnerEntity } from '@bellows/persistence-typeorm';
import { SecretBox } from '../../crypto/secret-box';
import { verifyTotpCode } from './totp';

/** Headers a client sends its current TOTP code in (Forgejo's, and Gitea's for older clients). */
export const OTP_HEADERS = ['x-forgejo-otp', 'x-gitea-otp'] as const;

/**
 * A user's TOTP secret at rest: sealed with the instance key and bound to the
 * user's id, so a copied column value is useless for another account.
 */
export class TotpSecrets {
  private readonly box: SecretBox;

  constructor(secretKey: string) {
    this.box = new SecretBox(secretKey);
  }

  seal(user: OwnerEntity, secretBase32: string): string {
    return this.box.seal(secretBase32, contextOf(user));
  }

  /** The clear secret, or null when the user never enrolled. */
  open(user: OwnerEntity): string | null {
    return user.totpSecret ? this.box.open(user.totpSecret, contextOf(user)) : null;
  }

  /** Whether `code` is the user's current code (only meaningful for an enrolled user). */
  accepts(user: OwnerEntity, code: string): boolean {
    const secret = this.open(user);
    return secret !== null && verifyTotpCode(secret, code);
  }

  /**
   * The second factor of a password sign-in: a user with TOTP on must send a
   * valid current code, or the sign-in is refused with 401.
   */
  requireCode(user: OwnerEntity, headers: Record<string, string | string[] | undefined>): void {
    if (!user.totpEnabled) return;
    const sent = OTP_HEADERS.map((name) => headers[name]).find((value) => value !== undefined);
    const code = Array.isArray(sent) ? sent[0] : sent;
    if (!code) throw new UnauthorizedException('two-factor authentication is enabled: send the current code in the X-Forgejo-OTP header');
    if (!this.accepts(user, code)) throw new UnauthorizedException('invalid two-factor authentication code (X-Forgejo-OTP)');
  }
}

function contextOf(user: OwnerEntity): string {
  return `totp:${user.id}`;
}
