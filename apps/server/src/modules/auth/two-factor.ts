import { UnauthorizedException } from '@nestjs/common';
import { Owner } from '@bellows/domain';
import { SecretBox } from '../../crypto/secret-box';
import { matchTotpStep } from './totp';

/** Headers a client sends its current TOTP code in (Forgejo's, and Gitea's for older clients). */
export const OTP_HEADERS = ['x-forgejo-otp', 'x-gitea-otp'] as const;

/**
 * Records that a user's code of one step was accepted, unless a code of that
 * step or a later one already was; true when this call recorded it. It must
 * decide atomically in the database (OwnerStore.recordTotpUse), so that of two
 * requests racing with one code exactly one wins.
 */
export type TotpUseRecorder = (userId: number, step: number) => Promise<boolean>;

/** What became of a code offered as a second factor. */
export type TotpCodeVerdict = 'accepted' | 'already-used' | 'invalid';

/**
 * A user's TOTP secret at rest: sealed with the instance key and bound to the
 * user's id, so a copied column value is useless for another account. Codes
 * are one-time: each is accepted once, and none older than the last accepted.
 */
export class TotpSecrets {
  private readonly box: SecretBox;

  constructor(
    secretKey: string,
    private readonly recordUse: TotpUseRecorder,
  ) {
    this.box = new SecretBox(secretKey);
  }

  seal(user: Owner, secretBase32: string): string {
    return this.box.seal(secretBase32, contextOf(user));
  }

  /** The clear secret, or null when the user never enrolled. */
  open(user: Owner): string | null {
    return user.totpSecret ? this.box.open(user.totpSecret, contextOf(user)) : null;
  }

  /**
   * Accepts `code` as the user's current code, once: 'accepted' is recorded
   * before it is returned, so a second request with the same code (or an
   * older one), even a simultaneous one, gets 'already-used'.
   */
  async consume(user: Owner, code: string): Promise<TotpCodeVerdict> {
    const secret = this.open(user);
    const step = secret === null ? null : matchTotpStep(secret, code);
    if (step === null) return 'invalid';
    return (await this.recordUse(user.id, step)) ? 'accepted' : 'already-used';
  }

  /**
   * The second factor of a password sign-in: a user with TOTP on must send a
   * valid current code not used before, or the sign-in is refused with 401.
   */
  async requireCode(user: Owner, headers: Record<string, string | string[] | undefined>): Promise<void> {
    if (!user.totpEnabled) return;
    const sent = OTP_HEADERS.map((name) => headers[name]).find((value) => value !== undefined);
    const code = Array.isArray(sent) ? sent[0] : sent;
    if (!code) throw new UnauthorizedException('two-factor authentication is enabled: send the current code in the X-Forgejo-OTP header');
    const verdict = await this.consume(user, code);
    if (verdict === 'already-used')
      throw new UnauthorizedException(
        'two-factor authentication code (X-Forgejo-OTP) already used: each code is accepted once, send the next one',
      );
    if (verdict === 'invalid') throw new UnauthorizedException('invalid two-factor authentication code (X-Forgejo-OTP)');
  }
}

function contextOf(user: Owner): string {
  return `totp:${user.id}`;
}
