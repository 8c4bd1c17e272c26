import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Database, OwnerEntity } from '@bellows/persistence-typeorm';
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
 * made from it and only then turns TOTP on.
 */
@Injectable()
export class TotpEnrolmentService {
  private readonly secrets: TotpSecrets;

  constructor(
    private readonly db: Database,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.secrets = new TotpSecrets(config.security.secretKey);
  }

  /** A new pending secret, replacing any earlier pending one. */
  async enrol(user: OwnerEntity): Promise<TotpEnrolment> {
    if (user.totpEnabled) throw new ConflictException('two-factor authentication is already enabled; disable it first');
    const secret = generateTotpSecret();
    await this.db.owners.setTotp(user.id, this.secrets.seal(user, secret), false);
    return { secret, uri: totpUri(ISSUER, user.name, secret) };
  }

  async confirm(user: OwnerEntity, passcode: string): Promise<void> {
    if (user.totpEnabled) throw new ConflictException('two-factor authentication is already enabled');
    if (!user.totpSecret) throw new NotFoundException('no two-factor enrolment is pending: POST /user/twofactor/totp first');
    this.requireCode(user, passcode);
    await this.db.owners.setTotp(user.id, user.totpSecret, true);
  }

  async disable(user: OwnerEntity, passcode: string): Promise<void> {
    if (!user.totpEnabled) throw new NotFoundException('two-factor authentication is not enabled');
    this.requireCode(user, passcode);
    await this.db.owners.setTotp(user.id, null, false);
  }

  private requireCode(user: OwnerEntity, passcode: string): void {
    if (!this.secrets.accepts(user, passcode)) throw new UnprocessableEntityException('passcode: not the current two-factor code');
  }
}
