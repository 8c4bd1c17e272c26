import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Owner, OwnerStore } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { TotpSecrets } from './two-factor';
import { generateTotpSecret, totpUri } from './totp';

const ISSUER = 'Bellows';

export interface TotpEnrolment {
  secret: string;
  uri: string;
}

/**
 * Turning two-factor sign-in on and off. Enrolment is two steps so that a
 * user cannot lock themselves out with a secret their app never received:
 * `enrol` stores a pending secret (TOTP still off), `confirm` checks a code
 * made from it and only then turns TOTP on. The codes given to confirm and to
 * disable are used up like those of a sign-in.
 */
@Injectable()
export class TotpEnrolmentService {
  private readonly secrets: TotpSecrets;

  constructor(
    private readonly owners: OwnerStore,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.secrets = new TotpSecrets(config.security.secretKey, (userId, step) => owners.recordTotpUse(userId, step));
  }

  /** A new pending secret, replacing any earlier pending one. */
  async enrol(user: Owner): Promise<TotpEnrolment> {
    if (user.totpEnabled) throw new ConflictException('two-factor authentication is already enabled; disable it first');
    const secret = generateTotpSecret();
    await this.owners.beginTotpEnrolment(user.id, this.secrets.seal(user, secret));
    return { secret, uri: totpUri(ISSUER, user.name, secret) };
  }

  async confirm(user: Owner, passcode: string): Promise<void> {
    if (user.totpEnabled) throw new ConflictException('two-factor authentication is already enabled');
    if (!user.totpSecret) throw new NotFoundException('no two-factor enrolment is pending: POST /user/twofactor/totp first');
    await this.requireCode(user, passcode);
    await this.owners.enableTotp(user.id);
  }

  async disable(user: Owner, passcode: string): Promise<void> {
    if (!user.totpEnabled) throw new NotFoundException('two-factor authentication is not enabled');
    await this.requireCode(user, passcode);
    await this.owners.removeTotp(user.id);
  }

  /** The passcode must be current and unused; like a sign-in, it is then used up. */
  private async requireCode(user: Owner, passcode: string): Promise<void> {
    const verdict = await this.secrets.consume(user, passcode);
    if (verdict === 'already-used')
      throw new UnprocessableEntityException(
        'passcode: this two-factor code was already used; each code is accepted once, send the next one',
      );
    if (verdict === 'invalid') throw new UnprocessableEntityException('passcode: not the current two-factor code');
  }
}
