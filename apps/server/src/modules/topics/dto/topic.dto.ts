import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString } from 'class-validator';
import { Topic } from '@bellows/domain';

/** The JSON shapes of topics, with Forgejo's field names (`TopicName`, `RepoTopicOptions`, `TopicResponse`). */

/** Forgejo's `RepoTopicOptions`. */
export class RepoTopicOptions {
  @ApiProperty({ type: [String] }) @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) topics!: string[];
}

/** Forgejo's `TopicName`: a repository's topic names. */
export class ApiTopicName {
  @ApiProperty({ type: [String] }) topics!: string[];
}

/** Forgejo's `TopicResponse`. */
export class ApiTopicResponse {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() topic_name!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) repo_count!: number;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ format: 'date-time' }) updated!: string;
}

/** What `GET /topics/search` answers: Forgejo wraps the list in `topics`. */
export class ApiTopicSearchResults {
  @ApiProperty({ type: [ApiTopicResponse] }) topics!: ApiTopicResponse[];
}

export function toApiTopicResponse(topic: Topic): ApiTopicResponse {
  return {
    id: topic.id,
    topic_name: topic.name,
    repo_count: topic.repoCount,
    created: topic.createdAt.toISOString(),
    updated: topic.updatedAt.toISOString(),
  };
}
