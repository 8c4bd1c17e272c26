import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';

/** The OpenAPI description of the query parameters read by notification-query.ts. */

const statusTypes = (description: string) =>
  ApiQuery({ name: 'status-types', required: false, type: 'string', isArray: true, enum: ['unread', 'read', 'pinned'], description });

export const ApiNotificationListQuery = () =>
  applyDecorators(
    ApiQuery({ name: 'all', required: false, type: 'boolean', description: 'show threads of every status' }),
    statusTypes('show threads with these statuses (default: unread and pinned)'),
    ApiQuery({
      name: 'subject-type',
      required: false,
      type: 'string',
      isArray: true,
      enum: ['issue', 'pull', 'commit', 'repository', 'quota'],
    }),
    ApiQuery({
      name: 'since',
      required: false,
      type: 'string',
      format: 'date-time',
      description: 'only threads updated at or after (RFC 3339)',
    }),
    ApiQuery({
      name: 'before',
      required: false,
      type: 'string',
      format: 'date-time',
      description: 'only threads updated at or before (RFC 3339)',
    }),
    ApiQuery({ name: 'page', required: false, type: 'integer' }),
    ApiQuery({ name: 'limit', required: false, type: 'integer' }),
  );

export const ApiNotificationMarkQuery = () =>
  applyDecorators(
    ApiQuery({
      name: 'last_read_at',
      required: false,
      type: 'string',
      format: 'date-time',
      description: 'threads updated after this are left alone (default: now)',
    }),
    ApiQuery({ name: 'all', required: false, type: 'boolean', description: 'change threads of every status' }),
    statusTypes('change threads with these statuses (default: unread)'),
    ApiQuery({ name: 'to-status', required: false, type: 'string', enum: ['unread', 'read', 'pinned'], description: 'default: read' }),
  );
