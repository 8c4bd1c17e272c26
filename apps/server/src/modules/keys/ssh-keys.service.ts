import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { SshKey, SshKeyInUseError, SshKeyStore, SshKeyTitleTakenError } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { InvalidSshKeyError, parseSshPublicKey } from './ssh-public-key';

/** What adding a key takes, as the API receives it (Forgejo's CreateKeyOption). */
export interface KeyInput {
  title: string;
  key: string;
  readOnly?: boolean;
}

/** Where a key is added: to a user (it signs in as them) or to a repository (a deploy key). */
export type KeyHolder = { userId: number } | { repoId: number };

/**
 * Users' SSH keys and repositories' deploy keys: adding (parsed and checked
 * with the SSH library), listing, reading and deleting. A key is stored once
 * as a user's key (it names one user) and once per repository as a deploy
 * key, and never as both; titles are unique per user and per repository; as
 * in Forgejo, a clash is 422.
 */
@Injectable()
export class SshKeysService {
  constructor(private readonly keys: SshKeyStore) {}

  async add(holder: KeyHolder, input: KeyInput): Promise<SshKey> {
    const parsed = parseKeyOr422(input.key);
    await this.refuseOtherKind(holder, parsed.fingerprint);
    const deploy = 'repoId' in holder;
    try {
      return await this.keys.insert({
        ownerId: deploy ? null : holder.userId,
        repoId: deploy ? holder.repoId : null,
        title: input.title,
        content: parsed.content,
        fingerprint: parsed.fingerprint,
        readOnly: deploy ? (input.readOnly ?? false) : false,
        createdAt: new Date(),
      });
    } catch (error) {
      if (error instanceof SshKeyInUseError) throw new UnprocessableEntityException(`key content has been used (${error.fingerprint})`);
      if (error instanceof SshKeyTitleTakenError) throw new UnprocessableEntityException(error.message);
      throw error;
    }
  }

  async list(holder: KeyHolder, paging: PageRequest, fingerprint?: string): Promise<PageOf<SshKey>> {
    const page = { skip: paging.offset, take: paging.limit, fingerprint: fingerprint || undefined };
    const [items, total] =
      'repoId' in holder ? await this.keys.listForRepository(holder.repoId, page) : await this.keys.listForOwner(holder.userId, page);
    return new PageOf(items, total, paging);
  }

  /** The holder's key of that id; 404 when it has none (someone else's key included). */
  async get(holder: KeyHolder, id: number): Promise<SshKey> {
    const key =
      'repoId' in holder ? await this.keys.findByRepositoryAndId(holder.repoId, id) : await this.keys.findByOwnerAndId(holder.userId, id);
    if (!key) throw new NotFoundException(`key ${id} does not exist`);
    return key;
  }

  async delete(holder: KeyHolder, id: number): Promise<void> {
    await this.get(holder, id);
    await this.keys.delete(id);
  }

  /** A user's key may not be a deploy key anywhere, nor a deploy key anyone's key (the store refuses same-kind clashes). */
  private async refuseOtherKind(holder: KeyHolder, fingerprint: string): Promise<void> {
    const existing = await this.keys.findByFingerprint(fingerprint);
    const deploy = 'repoId' in holder;
    if (existing.some((key) => (key.repoId !== null) !== deploy)) {
      throw new UnprocessableEntityException(
        deploy ? 'key content has been used as non-deploy key' : 'key content has been used as a deploy key',
      );
    }
  }
}

function parseKeyOr422(text: string) {
  try {
    return parseSshPublicKey(text);
  } catch (error) {
    if (error instanceof InvalidSshKeyError) throw new UnprocessableEntityException(error.message);
    throw error;
  }
}
