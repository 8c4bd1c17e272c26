import { Owner, TokenScope } from '@bellows/domain';

/** How the caller proved who they are. */
export type AuthMethod = 'token' | 'basic-password' | 'basic-token' | 'reverse-proxy' | 'ssh-key';

/**
 * The signed-in caller of a request. `scopes` is null for password and
 * reverse-proxy sign-ins, which carry every scope; tokens carry their own.
 * With `Sudo`, `user` is the impersonated user and `realUser` the admin.
 */
export interface Actor {
  user: Owner;
  method: AuthMethod;
  scopes: readonly TokenScope[] | null;
  tokenId?: number;
  realUser?: Owner;
}

export interface RequestWithActor {
  actor?: Actor;
}
