import { EntityManager } from 'typeorm';
import { ReleaseEntity } from '../entities/release.entity';
import { findLocked } from '../quota/locked-row';

/** The columns of a release an edit may write. */
export type ReleaseChanges = Partial<Omit<ReleaseEntity, 'id' | 'repoId' | 'repository' | 'publisher'>>;

export interface ReleaseFilter {
  repoId: number;
  /** Whether drafts may be listed at all (only for those who may write). */
  includeDrafts: boolean;
  /** Only drafts (true) or only published releases (false). */
  draft?: boolean;
  /** Only pre-releases (true) or only full releases (false). */
  prerelease?: boolean;
  /** Text the tag or the title must contain (case-insensitive). */
  q?: string;
}

/** Releases of repositories, newest first. Their attachments live in the attachment store. */
export class ReleaseStore {
  constructor(private readonly manager: EntityManager) {}

  private get releases() {
    return this.manager.getRepository(ReleaseEntity);
  }

  create(input: Omit<ReleaseEntity, 'id' | 'repository' | 'publisher'>): Promise<ReleaseEntity> {
    return this.releases.save(this.releases.create(input));
  }

  findById(repoId: number, id: number): Promise<ReleaseEntity | null> {
    return this.releases.findOneBy({ repoId, id });
  }

  /** The release's current row, locked until the transaction ends (on PostgreSQL); null when it is gone. Call inside a transaction. */
  findForChange(id: number): Promise<ReleaseEntity | null> {
    return findLocked(this.manager, ReleaseEntity, { id });
  }

  findByTag(repoId: number, tagName: string): Promise<ReleaseEntity | null> {
    return this.releases.findOneBy({ repoId, tagName });
  }

  /** The newest published full release (neither a draft nor a pre-release). */
  latest(repoId: number): Promise<ReleaseEntity | null> {
    return this.releases.findOne({ where: { repoId, isDraft: false, isPrerelease: false }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  list(filter: ReleaseFilter, skip: number, take: number): Promise<[ReleaseEntity[], number]> {
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
    return ((await this.releases.update({ id }, changes)).affected ?? 0) > 0;
  }
}
