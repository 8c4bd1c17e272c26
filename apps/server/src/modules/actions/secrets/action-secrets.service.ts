import { Injectable, NotFoundException } from '@nestjs/common';
import { SecretHolder, secretScopeOf } from '@bellows/domain';
import { Database } from '@bellows/persistence-typeorm';
import { SecretBox } from '../../../crypto/secret-box';
import { PageOf } from '../../../http/page-of';
import { PageRequest } from '../../../http/pagination';
import { ApiSecret, toApiSecret } from './secret-shapes';
import { normalizeSecretName } from './secret-name';

/**
 * Actions secrets of any holder. Values are sealed with AES-256-GCM under a
 * key derived from SECRET_KEY, bound to the holder and name (a sealed value
 * copied to another row does not open), and no route ever returns them.
 * Callers check who may manage the holder first.
 */
@Injectable()
export class ActionSecretsService {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
  ) {}

  /** Creates or replaces the secret; answers whether it was created (201) or updated (204). */
  async put(holder: SecretHolder, rawName: string, data: string): Promise<'created' | 'updated'> {
    const name = normalizeSecretName(rawName);
    const sealed = this.box.seal(data, `actions-secret:${secretScopeOf(holder)}:${name}`);
    return this.db.transaction((tx) => tx.actionSecrets.put(holder, name, sealed));
  }

  async delete(holder: SecretHolder, rawName: string): Promise<void> {
    const name = normalizeSecretName(rawName);
    if (!(await this.db.actionSecrets.delete(holder, name))) throw new NotFoundException(`secret ${name} does not exist`);
  }

  async list(holder: SecretHolder, paging: PageRequest): Promise<PageOf<ApiSecret>> {
    const [rows, total] = await this.db.actionSecrets.list(holder, paging.offset, paging.limit);
    return new PageOf(rows.map(toApiSecret), total, paging);
  }
}
