import { EntityManager } from 'typeorm';
import { ActionVariableStore, SecretHolder, secretScopeOf } from '@bellows/domain';
import { ActionVariableEntity } from '../entities/action-variable.entity';
import { isUniqueViolation } from '../unique-violation';

/** The ActionVariableStore port on TypeORM; the unique (scope, name) index settles races between writers. */
export class TypeOrmActionVariableStore implements ActionVariableStore {
  constructor(private readonly manager: EntityManager) {}

  async create(holder: SecretHolder, name: string, data: string): Promise<'created' | 'exists'> {
    const ownerId = 'ownerId' in holder ? holder.ownerId : null;
    const repoId = 'repoId' in holder ? holder.repoId : null;
    try {
      await this.manager.getRepository(ActionVariableEntity).insert({ scope: secretScopeOf(holder), ownerId, repoId, name, data });
      return 'created';
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return 'exists';
    }
  }

  async update(holder: SecretHolder, name: string, newName: string, data: string): Promise<'updated' | 'missing' | 'name-taken'> {
    try {
      const result = await this.manager
        .getRepository(ActionVariableEntity)
        .update({ scope: secretScopeOf(holder), name }, { name: newName, data });
      return (result.affected ?? 0) > 0 ? 'updated' : 'missing';
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return 'name-taken';
    }
  }

  async delete(holder: SecretHolder, name: string): Promise<boolean> {
    const result = await this.manager.getRepository(ActionVariableEntity).delete({ scope: secretScopeOf(holder), name });
    return (result.affected ?? 0) > 0;
  }

  find(holder: SecretHolder, name: string): Promise<ActionVariableEntity | null> {
    return this.manager.getRepository(ActionVariableEntity).findOneBy({ scope: secretScopeOf(holder), name });
  }

  list(holder: SecretHolder, skip: number, take: number): Promise<[ActionVariableEntity[], number]> {
    return this.manager
      .getRepository(ActionVariableEntity)
      .findAndCount({ where: { scope: secretScopeOf(holder) }, order: { name: 'ASC' }, skip, take });
  }
}
