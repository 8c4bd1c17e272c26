import { createHash } from 'node:crypto';
import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { EmailAddressStore, GpgKey, GpgKeyIdTakenError, GpgKeyStore, Owner } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiGpgKey, toApiGpgKey } from './dto/gpg-key.dto';
import { InvalidGpgInputError, isSignatureOf, parseArmoredGpgKey } from './openpgp-key';

const MINUTE = 60_000;
const BAD_SIGNATURE = 'The provided GPG key, signature and token do not match or token is out of date.';

/**
 * Users' GPG keys as Forgejo keeps them. A key is shown with those e-mails of
 * its user ids that are activated addresses of its owner; without a valid
 * signature of the verification token, a key none of whose e-mails is the
 * owner's is refused (404, as Forgejo). Signing the token proves holding
 * the private key and marks the key verified. A key id is held once site-wide.
 */
@Injectable()
export class GpgKeysService {
  constructor(
    private readonly keys: GpgKeyStore,
    private readonly emails: EmailAddressStore,
  ) {}

  async list(user: Owner, paging: PageRequest): Promise<PageOf<ApiGpgKey>> {
    const [keys, total] = await this.keys.listForOwner(user.id, paging.offset, paging.limit);
    const emails = await this.activatedEmails(user);
    return new PageOf(
      keys.map((key) => toApiGpgKey(key, emails)),
      total,
      paging,
    );
  }

  async get(user: Owner, id: number): Promise<ApiGpgKey> {
    return toApiGpgKey(await this.own(user, id), await this.activatedEmails(user));
  }

  async delete(user: Owner, id: number): Promise<void> {
    await this.own(user, id);
    await this.keys.delete(id);
  }

  async add(user: Owner, armored: string, signature: string | undefined): Promise<ApiGpgKey> {
    const parsed = await parseArmoredGpgKey(armored).catch(to422);
    if (await this.keys.isKeyIdTaken(parsed.keyId)) throw keyIdTaken(parsed.keyId); // before the e-mails, as Forgejo
    let verified = false;
    if (signature) {
      if (!(await isSignatureOf(parsed.key, signature, this.tokenTexts(user)).catch(to422))) {
        throw new UnprocessableEntityException(BAD_SIGNATURE);
      }
      verified = true;
    }
    const emails = await this.activatedEmails(user);
    if (!verified && !parsed.emails.some((email) => emails.has(email))) {
      throw new NotFoundException(
        'None of the emails attached to the GPG key could be found. It may still be added if you provide a valid signature for the token',
      );
    }
    const { key: _parsedKey, subkeys, ...primary } = parsed;
    try {
      const key = await this.keys.insert({
        ...primary,
        ownerId: user.id,
        primaryKeyId: '',
        armored,
        verified,
        subkeys: subkeys.map((subkey) => ({ ...subkey, ownerId: user.id, primaryKeyId: primary.keyId, armored: '', emails: [], verified })),
      });
      return toApiGpgKey(key, emails);
    } catch (error) {
      if (error instanceof GpgKeyIdTakenError) throw keyIdTaken(error.keyId);
      throw error;
    }
  }

  /** Checks the signature of the user's current (or last minute's) token with the key of that id; marks the key verified. */
  async verify(user: Owner, keyId: string, signature: string): Promise<ApiGpgKey> {
    const key = await this.keys.findByOwnerAndKeyId(user.id, keyId.trim().toUpperCase());
    if (!key) throw new NotFoundException(`GPG key ${keyId} does not exist`);
    const parsed = await parseArmoredGpgKey(key.armored).catch(to422);
    if (!(await isSignatureOf(parsed.key, signature, this.tokenTexts(user)).catch(to422))) {
      throw new UnprocessableEntityException(BAD_SIGNATURE);
    }
    await this.keys.markVerified(key.id);
    return toApiGpgKey({ ...key, verified: true }, await this.activatedEmails(user));
  }

  /**
   * The text a user signs to prove holding a key: a hash of the user's id,
   * name, e-mail and creation time and of the current minute, so it changes
   * every minute and tells nothing about the user.
   */
  verificationToken(user: Owner, minutesAgo = 0): string {
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE - minutesAgo * MINUTE;
    return createHash('sha256')
      .update(`${new Date(minute).toISOString()}:${user.createdAt.getTime()}:${user.name}:${user.email}:${user.id}`)
      .digest('hex');
  }

  /** This and last minute's tokens, bare or with a line ending (what `gpg --detach-sign` of an echoed token signs). */
  private tokenTexts(user: Owner): string[] {
    return [0, 1].flatMap((ago) => {
      const token = this.verificationToken(user, ago);
      return [token, `${token}\n`, `${token}\r\n`];
    });
  }

  private async own(user: Owner, id: number): Promise<GpgKey> {
    const key = await this.keys.findByOwnerAndId(user.id, id);
    if (!key) throw new NotFoundException(`GPG key ${id} does not exist`);
    return key;
  }

  private async activatedEmails(user: Owner): Promise<Set<string>> {
    const emails = await this.emails.emailsOf(user.id);
    return new Set(emails.filter((email) => email.verified).map((email) => email.email.toLowerCase()));
  }
}

function keyIdTaken(keyId: string): UnprocessableEntityException {
  return new UnprocessableEntityException(`A key with the same id already exists: ${keyId}`);
}

function to422(error: unknown): never {
  if (error instanceof InvalidGpgInputError) throw new UnprocessableEntityException(error.message);
  throw error;
}
