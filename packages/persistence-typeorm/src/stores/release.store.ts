import { EntityManager } from 'typeorm';
import { NewRelease, Release, ReleaseChanges, ReleaseFilter, ReleaseStore, ReleaseTagTakenError } from '@bellows/domain';
import { ReleaseEntity } from '../entities/release.entity';
import { findLocked } from '../quota/locked-row';
import { fitsIdColumn } from '../row-id';
import { isUniqueViolation } from '../unique-violation';

/** Releases of repositories, newest first. Their attachments live in the attachment store. */
export class TypeOrmReleaseStore implements ReleaseStore {
  constructor(private readonly manager: EntityManager) {}

  private get releases() {
    return this.manager.getRepository(ReleaseEntity);
  }

  async create(input: NewRelease): Promise<Release> {
    try {
      return await this.releases.save(this.releases.create(input));
    } catch (error) {
      throw isUniqueViolation(error) ? new ReleaseTagTakenError(input.tagName) : error;
    }
  }

  async findById(repoId: number, id: number): Promise<Release | null> {
    return fitsIdColumn(id) ? this.releases.findOneBy({ repoId, id }) : null;
  }

  /** The release's current row, locked until the transaction ends (on PostgreSQL); null when it is gone. Call inside a transaction. */
  findForChange(id: number): Promise<Release | null> {
    return findLocked(this.manager, ReleaseEntity, { id });
  }

  findByTag(repoId: number, tagName: string): Promise<Release | null> {
    return this.releases.findOneBy({ repoId, tagName });
  }

  /** The newest published full release (neither a draft nor a pre-release). */
  latest(repoId: number): Promise<Release | null> {
    return this.releases.findOne({ where: { repoId, isDraft: false, isPrerelease: false }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  list(filter: ReleaseFilter, skip: number, take: number): Promise<[Release[], number]> {
    const query = this.releases.createQueryBuilder('r').where('r.repoId = :repoId', { repoId: filter.repoId });
    if (!filter.includeDrafts) query.andWhere('r.isDraft = :published', { published: false });
    if (filter.draft !== undefined) query.andWhere('r.isDraft = :draft', { draft: filter.draft });
    if (filter.prerelease !== undefined) query.andWhere('r.isPrerelease = :prerelease', { prerelease: filter.prerelease });
    if (filter.q) {
      const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere("(LOWER(r.tagName) LIKE :pattern ESCAPE '\\' OR LOWER(r.name) LIKE :pattern ESCAPE '\\')", { pattern });
    }
    return query.orderBy('r.createdAt', 'DESC').addOrderBy('r.id', 'DESC').skip(skip).take(take).getManyAndCount();
  }

  /** Writes the given columns by id; false when the release is gone (a deleted release is never written back). */
  async update(id: number, changes: ReleaseChanges): Promise<boolean> {
    if (Object.keys(changes).length === 0) return this.releases.existsBy({ id });
    try {
      return ((await this.releases.update({ id }, changes)).affected ?? 0) > 0;
    } catch (error) {
      throw isUniqueViolation(error) && changes.tagName !== undefined ? new ReleaseTagTakenError(changes.tagName) : error;
    }
  }
}
