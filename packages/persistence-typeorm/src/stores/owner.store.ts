import { EntityManager } from 'typeorm';
import { NewOwner, OwnerChanges, OwnerKind, OwnerNameTakenError, OwnerSearch, OwnerStore } from '@bellows/domain';
import { OwnerEntity } from '../entities/owner.entity';
import { parameterMarkers, sqlParam } from '../quota/in-transaction';
import { TypeOrmOwnerQuotaSummaryStore } from '../quota/typeorm-owner-quota-summary-store';
import { fitsIdColumn } from '../row-id';
import { noteWrite, usageOf } from '../read-cache/change-versions';
import { ReadCaches } from '../read-cache/read-caches';
import { isUniqueViolation } from '../unique-violation';
import { applyOwnerVisibility } from './owner-visibility-filter';

/** The OwnerStore port on TypeORM: users and organizations in one `owner` table. */
export class TypeOrmOwnerStore implements OwnerStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(OwnerEntity);
  }

  private get caches() {
    return ReadCaches.of(this.manager.connection);
  }

  /** Every request's sign-in reads its owner: cached until an owner or token is written. */
  async findById(id: number): Promise<OwnerEntity | null> {
    if (!fitsIdColumn(id)) return null;
    return this.caches.ownersById.read(this.manager, id, 'auth', () => this.repo.findOneBy({ id }));
  }

  findByName(name: string): Promise<OwnerEntity | null> {
    const lowerName = name.toLowerCase();
    return this.caches.ownersByName.read(this.manager, lowerName, 'auth', () => this.repo.findOneBy({ lowerName }));
  }

  findUserByEmail(email: string): Promise<OwnerEntity | null> {
    return this.repo
      .createQueryBuilder('o')
      .where('o.kind = :kind', { kind: 'user' as OwnerKind })
      .andWhere(
        // The primary address, or one the user added and activated (Forgejo signs in and maps commits by either).
        '(LOWER(o.email) = :email OR o.id IN (SELECT e.user_id FROM email_address e WHERE e.lower_email = :email AND e.is_activated = :activated))',
        { email: email.toLowerCase(), activated: true },
      )
      .getOne();
  }

  /** Records a password sign-in without rewriting the rest of the row. */
  async recordLogin(id: number, when: Date): Promise<void> {
    await this.repo.update({ id }, { lastLoginAt: when });
    noteWrite(this.manager, 'auth');
  }

  /** Stores a new (encrypted) TOTP secret, two-factor sign-in still off and no code used yet. */
  async beginTotpEnrolment(id: number, sealedSecret: string): Promise<void> {
    await this.setTotp(id, sealedSecret, false);
  }

  /** Turns two-factor sign-in on with the secret already stored, keeping the step of the code that confirmed it. */
  async enableTotp(id: number): Promise<void> {
    await this.repo.update({ id }, { totpEnabled: true });
    noteWrite(this.manager, 'auth');
  }

  /** Forgets the TOTP secret and turns two-factor sign-in off. */
  async removeTotp(id: number): Promise<void> {
    await this.setTotp(id, null, false);
  }

  /**
   * Records that the user's TOTP code of `step` was accepted, unless a code of
   * that step or a later one already was: true when this call recorded it.
   * One conditional UPDATE decides, so of two requests racing with the same
   * code exactly one gets true, on either engine.
   */
  async recordTotpUse(id: number, step: number): Promise<boolean> {
    const p = (n: number) => sqlParam(this.manager, n);
    const changed = await this.execute(
      `UPDATE owner SET totp_last_used_step = ${p(1)} WHERE id = ${p(2)} AND (totp_last_used_step IS NULL OR totp_last_used_step < ${p(3)})`,
      [step, id, step],
    );
    noteWrite(this.manager, 'auth');
    return changed === 1;
  }

  private async setTotp(id: number, sealedSecret: string | null, enabled: boolean): Promise<void> {
    const p = (n: number) => sqlParam(this.manager, n);
    // Raw SQL: the last used step is not written by the ORM (see OwnerEntity.totpLastUsedStep).
    await this.execute(`UPDATE owner SET totp_secret = ${p(1)}, totp_enabled = ${p(2)}, totp_last_used_step = NULL WHERE id = ${p(3)}`, [
      sealedSecret,
      enabled,
      id,
    ]);
    noteWrite(this.manager, 'auth');
  }

  /** Runs one UPDATE in this store's transaction (or on its own) and answers how many rows it changed. */
  private async execute(sql: string, parameters: unknown[]): Promise<number> {
    const runner = this.manager.queryRunner ?? this.manager.connection.createQueryRunner();
    try {
      return (await runner.query(sql, parameters, true)).affected ?? 0;
    } finally {
      if (runner !== this.manager.queryRunner) await runner.release();
    }
  }

  /** One page of the owners matching the search, ordered by name, and the total number of matches. */
  async search(search: OwnerSearch, skip: number, take: number): Promise<[OwnerEntity[], number]> {
    if (search.id !== undefined && !fitsIdColumn(search.id)) return [[], 0];
    const query = this.repo.createQueryBuilder('o').where('o.kind = :kind', { kind: search.kind });
    if (search.id !== undefined) query.andWhere('o.id = :id', { id: search.id });
    if (search.keyword) {
      const pattern = `%${search.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere("(o.lower_name LIKE :pattern ESCAPE '\\' OR LOWER(o.full_name) LIKE :pattern ESCAPE '\\')", { pattern });
    }
    applyOwnerVisibility(query, 'o', search.visibleTo);
    return query.orderBy('o.lower_name', 'ASC').skip(skip).take(take).getManyAndCount();
  }

  async insert(owner: NewOwner): Promise<OwnerEntity> {
    try {
      const saved = await this.repo.save(this.repo.create({ ...owner, lowerName: owner.name.toLowerCase() }));
      // Every owner has an overview row from the start (callers insert owners in a transaction: both or neither).
      await TypeOrmOwnerQuotaSummaryStore.insertFor(this.manager, saved.id);
      return saved;
    } catch (error) {
      throw isUniqueViolation(error) ? new OwnerNameTakenError(owner.name) : error;
    } finally {
      noteWrite(this.manager, 'auth');
    }
  }

  /**
   * Writes exactly the given columns by id, so a concurrent change of another
   * column stays; false when the owner is gone (a deleted account is never
   * written back).
   */
  async update(id: number, changes: OwnerChanges): Promise<boolean> {
    const updated = ((await this.repo.update({ id }, changes)).affected ?? 0) > 0;
    noteWrite(this.manager, 'auth');
    return updated;
  }

  /**
   * The foreign keys take the owner's tokens, repositories, ledger rows and
   * quota assignments with it; the parents of its forks count them off first,
   * and so do the repositories it starred and the users it followed or was
   * followed by (a cascade runs no store code). Callers run this in a transaction.
   */
  async delete(id: number): Promise<void> {
    const p = parameterMarkers(this.manager);
    await this.manager.query(
      `UPDATE repository SET num_forks = num_forks - (SELECT COUNT(*) FROM repository f WHERE f.fork_id = repository.id AND f.owner_id = ${p(1)}) ` +
        `WHERE id IN (SELECT fork_id FROM repository WHERE owner_id = ${p(1)} AND fork_id IS NOT NULL)`,
      [id],
    );
    // Its follows go with it: whom it followed and who followed it count them off.
    await this.manager.query(
      `UPDATE owner SET num_followers = num_followers - 1 WHERE id IN (SELECT follow_id FROM follow WHERE user_id = ${p(1)})`,
      [id],
    );
    await this.manager.query(
      `UPDATE owner SET num_following = num_following - 1 WHERE id IN (SELECT user_id FROM follow WHERE follow_id = ${p(1)})`,
      [id],
    );
    // Its watches go with it: the repositories it watched count them off.
    await this.manager.query(
      `UPDATE repository SET num_watches = num_watches - 1 WHERE id IN (SELECT repo_id FROM watch WHERE user_id = ${p(1)})`,
      [id],
    );
    // Its stars go with it: the repositories it starred count them off.
    await this.manager.query(
      `UPDATE repository SET num_stars = num_stars - 1 WHERE id IN (SELECT repo_id FROM star WHERE user_id = ${p(1)})`,
      [id],
    );
    await this.repo.delete({ id });
    noteWrite(this.manager, 'auth', 'repositories', 'issues', 'limits', usageOf(id));
  }
}
