import { EntityManager } from 'typeorm';
import { OwnerEntity, OwnerKind } from '../entities/owner.entity';

/** Users and organizations. Names are looked up case-insensitively. */
export class OwnerStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(OwnerEntity);
  }

  findById(id: number): Promise<OwnerEntity | null> {
    return this.repo.findOneBy({ id });
  }

  findByName(name: string): Promise<OwnerEntity | null> {
    return this.repo.findOneBy({ lowerName: name.toLowerCase() });
  }

  findUserByEmail(email: string): Promise<OwnerEntity | null> {
    return this.repo
      .createQueryBuilder('o')
      .where('o.kind = :kind', { kind: 'user' as OwnerKind })
      .andWhere('LOWER(o.email) = :email', { email: email.toLowerCase() })
      .getOne();
  }

  insert(owner: Omit<OwnerEntity, 'id' | 'lowerName'>): Promise<OwnerEntity> {
    return this.repo.save(this.repo.create({ ...owner, lowerName: owner.name.toLowerCase() }));
  }

  save(owner: OwnerEntity): Promise<OwnerEntity> {
    owner.lowerName = owner.name.toLowerCase();
    return this.repo.save(owner);
  }

  async delete(id: number): Promise<void> {
    await this.repo.delete({ id });
  }
}
