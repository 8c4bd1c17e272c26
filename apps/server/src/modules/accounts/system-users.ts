import { DEFAULT_USER_PREFERENCES, Owner } from '@bellows/domain';

/**
 * Users that exist in code only, never as rows: they cannot be created, edited
 * or deleted, and their names are reserved by the domain's name rules.
 * - Ghost (-1) stands in for the author of content whose user was deleted.
 * - bellows-actions (-2) is the actor of automated actions.
 */
export const GHOST_USER_ID = -1;
export const ACTIONS_USER_ID = -2;

function systemUser(id: number, name: string, fullName: string): Owner {
  const epoch = new Date(0);
  return Object.freeze({
    id,
    name,
    lowerName: name.toLowerCase(),
    kind: 'user' as const,
    fullName,
    email: '',
    passwordHash: null,
    isAdmin: false,
    isActive: true,
    prohibitLogin: true,
    visibility: 'public' as const,
    description: '',
    website: '',
    location: '',
    totpSecret: null,
    totpEnabled: false,
    createdAt: epoch,
    updatedAt: epoch,
    lastLoginAt: null,
    numFollowers: 0,
    numFollowing: 0,
    ...DEFAULT_USER_PREFERENCES,
  });
}

export const SYSTEM_USERS: readonly Owner[] = [
  systemUser(GHOST_USER_ID, 'Ghost', 'Ghost'),
  systemUser(ACTIONS_USER_ID, 'bellows-actions', 'Bellows Actions'),
];

export function findSystemUserByName(name: string): Owner | undefined {
  return SYSTEM_USERS.find((user) => user.lowerName === name.toLowerCase());
}

export function isSystemUserId(id: number): boolean {
  return SYSTEM_USERS.some((user) => user.id === id);
}
