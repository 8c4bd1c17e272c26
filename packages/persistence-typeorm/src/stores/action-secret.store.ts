import { EntityManager } from 'typeorm';
import { ActionSecretStore, SecretHolder, secretScopeOf } from '@bellows/domain';
import { ActionSecretEntity } from '../entities/action-secret.entity';

/** The ActionSecretStore port on TypeORM; values arrive sealed, names upper-cased (the server decides both). */
export class TypeOrmActionSecretStore implements ActionSecretStore {
  constructor(private readonly manager: EntityManager) {}

  /** Creates or replaces the holder's secret `name`; answers whether it was created. Call inside a transaction. */
  async put(holder: SecretHolder, name: string, sealedData: string): Promise<'created' | 'updated'> {
    const secrets = this.manager.getRepository(ActionSecretEntity);
    const scope = secretScopeOf(holder);
    const existing = await secrets.findOneBy({ scope, name });
    if (existing) {
      await secrets.update({ id: existing.id }, { data: sealedData });
      return 'updated';
    }
    const ownerId = 'ownerId' in holder ? holder.ownerId : null;
    const repoId = 'repoId' in holder ? holder.repoId : null;
    await secrets.save(secrets.create({ scope, ownerId, repoId, name, data: sealedData, createdAt: new Date() }));
    return 'created';
  }

  /** False when the holder has no such secret. */
  async delete(holder: SecretHolder, name: string): Promise<boolean> {
    const result = await this.manager.getRepository(ActionSecretEntity).delete({ scope: secretScopeOf(holder), name });
    return (result.affected ?? 0) > 0;
  }

  /** One page of the holder's secrets by name, and how many there are. */
  list(holder: SecretHolder, skip: number, take: number): Promise<[ActionSecretEntity[], number]> {
    return this.manager
      .getRepository(ActionSecretEntity)
      .findAndCount({ where: { scope: secretScopeOf(holder) }, order: { name: 'ASC' }, skip, take });
  }
}
