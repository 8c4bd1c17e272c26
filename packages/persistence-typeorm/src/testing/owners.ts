import type { NewOwner } from '@bellows/domain';

/**
 * A new user (or, with `kind`, organization) with every other column at its
 * empty value: the one object mother of owners for tests and benchmarks.
 */
export function newOwnerFields(name: string, overrides: Partial<NewOwner> = {}): NewOwner {
  const now = new Date();
  return {
    name,
    kind: 'user',
    fullName: '',
    email: '',
    passwordHash: null,
    isAdmin: false,
    isActive: true,
    prohibitLogin: false,
    visibility: 'public',
    description: '',
    website: '',
    location: '',
    totpSecret: null,
    totpEnabled: false,
    createdAt: now,
    updatedAt: now,
    lastLoginAt: null,
    ...overrides,
  };
}
