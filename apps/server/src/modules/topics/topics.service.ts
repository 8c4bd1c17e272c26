import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { isValidTopicName, MAX_TOPICS_PER_REPOSITORY, normalizeTopicName, sanitizeTopicNames, TopicStore } from '@bellows/domain';
import { PageRequest } from '../../http/pagination';
import { RepoContext } from '../repositories/repository-access.service';
import { ApiTopicResponse, toApiTopicResponse } from './dto/topic.dto';

/** A page of results and how many there are in all. */
export interface Counted<T> {
  items: T;
  total: number;
}

/**
 * Repository topics with Forgejo's rules (the domain's): names trimmed and
 * lowercased, lowercase letters, digits, "-" and ".", at most 35 characters,
 * at most 25 per repository; a bad name or one too many is 422.
 */
@Injectable()
export class TopicsService {
  constructor(private readonly topics: TopicStore) {}

  async namesOf(ctx: RepoContext, paging: PageRequest): Promise<Counted<string[]>> {
    const [items, total] = await this.topics.namesOf(ctx.repo.id, paging.offset, paging.limit);
    return { items, total };
  }

  async replace(ctx: RepoContext, names: readonly string[]): Promise<void> {
    const { valid, invalid } = sanitizeTopicNames(names);
    if (valid.length > MAX_TOPICS_PER_REPOSITORY) throw new UnprocessableEntityException('Exceeding maximum number of topics per repo');
    if (invalid.length > 0) throw new UnprocessableEntityException(`Topic names are invalid: ${invalid.join(', ')}`);
    await this.topics.replace(ctx.repo.id, valid);
  }

  async add(ctx: RepoContext, given: string): Promise<void> {
    const name = validName(given);
    if (!(await this.topics.add(ctx.repo.id, name, MAX_TOPICS_PER_REPOSITORY)))
      throw new UnprocessableEntityException('Exceeding maximum allowed topics per repo.');
  }

  async remove(ctx: RepoContext, given: string): Promise<void> {
    const name = validName(given);
    if (!(await this.topics.remove(ctx.repo.id, name))) throw new NotFoundException(`the repository has no topic ${name}`);
  }

  async search(keyword: string, paging: PageRequest): Promise<Counted<ApiTopicResponse[]>> {
    const [topics, total] = await this.topics.search(normalizeTopicName(keyword), paging.offset, paging.limit);
    return { items: topics.map(toApiTopicResponse), total };
  }
}

function validName(given: string): string {
  const name = normalizeTopicName(given);
  if (!isValidTopicName(name)) throw new UnprocessableEntityException(`Topic name is invalid: ${name}`);
  return name;
}
