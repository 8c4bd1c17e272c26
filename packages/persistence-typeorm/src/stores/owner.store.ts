import { EntityManager } from 'typeorm';
import { OwnerEntity, OwnerKind } from '../entities/owner.entity';
import { applyOwnerVisibility, OwnerVisibilityFilter } from './owner-visibility-filter';

/** A search over one kind of owner: by id, or by a keyword in the name or full name. */
export interface OwnerSearch {
  kind: OwnerKind;
  id?: number;
  keyword?: string;
  /** Which owners the viewer may see; absent means all (site admins). */
  visibleTo?: OwnerVisibilityFilter;
}

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

  /** Records a password sign-in without rewriting the rest of the row. */
  async recordLogin(id: number, when: Date): Promise<void> {
    await this.repo.update({ id }, { lastLoginAt: when });
  }

  /** Sets the (encrypted) TOTP secret and whether two-factor sign-in is on. */
  async setTotp(id: number, sealedSecret: string | null, enabled: boolean): Promise<void> {
    await this.repo.update({ id }, { totpSecret: sealedSecret, totpEnabled: enabled });
  }

  /** One page of the owners matching the search, ordered by name, and the total number of matches. */
  search(search: OwnerSearch, skip: number, take: number): Promise<[OwnerEntity[], number]> {
    const query = this.repo.createQueryBuilder('o').where('o.kind = :kind', { kind: search.kind });
    if (search.id !== undefined) query.andWhere('o.id = :id', { id: search.id });
    if (search.keyword) {
      const pattern = `%${search.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere("(o.lower_name LIKE :pattern ESCAPE '\\' OR LOWER(o.full_name) LIKE :pattern ESCAPE '\\')", { pattern });
    }
    applyOwnerVisibility(query, 'o', search.visibleTo);
    return query.orderBy('o.lower_name', 'ASC').skip(skip).take(take).getManyAndCount();
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
