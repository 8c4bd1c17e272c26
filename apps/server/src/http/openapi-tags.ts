import { TagObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * The operation groups of the API description, named as Forgejo names them so
 * generated clients put each operation in the same place.
 */
export const OPENAPI_TAGS: TagObject[] = [
  { name: 'user', description: 'The signed-in account and other users: profiles, search, access tokens, two-factor sign-in.' },
  { name: 'admin', description: 'Site administration: accounts, organizations and quota rules, for site administrators only.' },
  { name: 'organization', description: 'Organizations, their members and their teams.' },
  { name: 'repository', description: 'Repositories and what they hold: branches, files, releases, collaborators.' },
  { name: 'issue', description: 'Issues and pull request conversations: comments, labels, milestones.' },
  { name: 'package', description: 'Packages published to the registries of an owner.' },
  { name: 'notification', description: 'Notifications of the signed-in account.' },
  { name: 'miscellaneous', description: 'Server information and helpers that belong to no single resource.' },
  { name: 'settings', description: 'Read-only settings of this server that clients may need.' },
];
