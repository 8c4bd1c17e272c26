import { Injectable, NotFoundException } from '@nestjs/common';
import { ActionSecretStore, SecretHolder, secretScopeOf, UnitOfWork } from '@bellows/domain';
import { SecretBox } from '../../../crypto/secret-box';
import { PageOf } from '../../../http/page-of';
import { PageRequest } from '../../../http/pagination';
import { ApiSecret, toApiSecret } from './dto/secret.dto';
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
    private readonly secrets: ActionSecretStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly box: SecretBox,
  ) {}

  /** Creates or replaces the secret; answers whether it was created (201) or updated (204). */
  async put(holder: SecretHolder, rawName: string, data: string): Promise<'created' | 'updated'> {
    const name = normalizeSecretName(rawName);
    const sealed = this.box.seal(data, `actions-secret:${secretScopeOf(holder)}:${name}`);
    return this.unitOfWork.run((tx) => tx.actionSecrets.put(holder, name, sealed));
  }

  async delete(holder: SecretHolder, rawName: string): Promise<void> {
    const name = normalizeSecretName(rawName);
    if (!(await this.secrets.delete(holder, name))) throw new NotFoundException(`secret ${name} does not exist`);
  }

  async list(holder: SecretHolder, paging: PageRequest): Promise<PageOf<ApiSecret>> {
    const [rows, total] = await this.secrets.list(holder, paging.offset, paging.limit);
    return new PageOf(rows.map(toApiSecret), total, paging);
  }
}
