import { EntityManager } from 'typeorm';
import { Topic, TopicStore } from '@bellows/domain';
import { RepoTopicEntity, TopicEntity } from '../entities/topic.entity';

/** The TopicStore port on TypeORM: `topic` names and the `repo_topic` links; a name no repository carries is removed. */
export class TypeOrmTopicStore implements TopicStore {
  constructor(private readonly manager: EntityManager) {}

  async namesOf(repoId: number, skip: number, take: number): Promise<[string[], number]> {
    const query = this.manager
      .createQueryBuilder(TopicEntity, 'topic')
      .innerJoin(RepoTopicEntity, 'link', 'link.topic_id = topic.id')
      .where('link.repo_id = :repoId', { repoId });
    const [rows, total] = await query.orderBy('topic.name', 'ASC').skip(skip).take(take).getManyAndCount();
    return [rows.map((row) => row.name), total];
  }

  replace(repoId: number, names: readonly string[]): Promise<void> {
    return this.manager.transaction(async (tx) => {
      const dropped = await tx.find(RepoTopicEntity, { where: { repoId } });
      await tx.delete(RepoTopicEntity, { repoId });
      for (const name of names) await tx.insert(RepoTopicEntity, { repoId, topicId: (await this.topicNamed(tx, name)).id });
      await this.removeUnused(
        tx,
        dropped.map((link) => link.topicId),
      );
    });
  }

  add(repoId: number, name: string, max: number): Promise<boolean> {
    return this.manager.transaction(async (tx) => {
      const known = await tx.findOneBy(TopicEntity, { name });
      if (known && (await tx.exists(RepoTopicEntity, { where: { repoId, topicId: known.id } }))) return true;
      // Counted before the name is made, so a refused topic leaves no unused name behind.
      if ((await tx.count(RepoTopicEntity, { where: { repoId } })) >= max) return false;
      const topic = known ?? (await this.topicNamed(tx, name));
      // Added by a concurrent request meanwhile is fine: the repository carries it, which is what was asked.
      await tx.createQueryBuilder().insert().into(RepoTopicEntity).values({ repoId, topicId: topic.id }).orIgnore().execute();
      return true;
    });
  }

  remove(repoId: number, name: string): Promise<boolean> {
    return this.manager.transaction(async (tx) => {
      const topic = await tx.findOneBy(TopicEntity, { name });
      if (!topic) return false;
      const { affected } = await tx.delete(RepoTopicEntity, { repoId, topicId: topic.id });
      await this.removeUnused(tx, [topic.id]);
      return (affected ?? 0) > 0;
    });
  }

  async search(keyword: string, skip: number, take: number): Promise<[Topic[], number]> {
    const filtered = this.manager.createQueryBuilder(TopicEntity, 'topic');
    if (keyword !== '')
      filtered.where("topic.name LIKE :pattern ESCAPE '\\'", { pattern: `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` });
    const total = await filtered.getCount();
    const rows = await filtered
      .clone()
      .leftJoin(RepoTopicEntity, 'link', 'link.topic_id = topic.id')
      .select(['topic.id AS id', 'topic.name AS name', 'topic.created_at AS created_at', 'topic.updated_at AS updated_at'])
      .addSelect('COUNT(link.repo_id)', 'repo_count')
      .groupBy('topic.id')
      .addGroupBy('topic.name')
      .addGroupBy('topic.created_at')
      .addGroupBy('topic.updated_at')
      .orderBy('topic.name', 'ASC')
      .offset(skip)
      .limit(take)
      .getRawMany<{ id: number; name: string; created_at: string; updated_at: string; repo_count: string }>();
    return [
      rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        repoCount: Number(row.repo_count),
        createdAt: new Date(Number(row.created_at)),
        updatedAt: new Date(Number(row.updated_at)),
      })),
      total,
    ];
  }

  /** The topic of that name, made when missing (a row a concurrent request made first is taken: no unique violation aborts the transaction). */
  private async topicNamed(tx: EntityManager, name: string): Promise<TopicEntity> {
    const found = await tx.findOneBy(TopicEntity, { name });
    if (found) return found;
    const now = new Date();
    await tx.createQueryBuilder().insert().into(TopicEntity).values({ name, createdAt: now, updatedAt: now }).orIgnore().execute();
    return tx.findOneByOrFail(TopicEntity, { name });
  }

  /** Removes those topics no repository carries any more. */
  private async removeUnused(tx: EntityManager, topicIds: readonly number[]): Promise<void> {
    for (const topicId of new Set(topicIds)) {
      if (!(await tx.exists(RepoTopicEntity, { where: { topicId } }))) await tx.delete(TopicEntity, { id: topicId });
    }
  }
}
