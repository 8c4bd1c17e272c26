import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ScopeCategory } from '@bellows/domain';
import { Actor, RequestWithActor } from './actor';

export const SCOPE_CATEGORY_KEY = 'bellows:scope-category';
export const SIGN_IN_KEY = 'bellows:sign-in';
export const SITE_ADMIN_KEY = 'bellows:site-admin';
export const TOKEN_REQUIRED_KEY = 'bellows:token-required';

export interface SignInRequirement {
  /** Status for an anonymous caller: 401 (Forgejo's default, "token is required") or 403. */
  status: 401 | 403;
}

/**
 * The token scope category a controller or route belongs to. A token must hold
 * `read:<category>` for GET/HEAD and `write:<category>` for anything else, or
 * the request is refused with 403 naming the scope.
 */
export const ScopeGroup = (category: ScopeCategory) => SetMetadata(SCOPE_CATEGORY_KEY, category);

/** The route needs a signed-in caller. */
export const RequireSignIn = (requirement: SignInRequirement = { status: 401 }) =>
  applyDecorators(
    SetMetadata(SIGN_IN_KEY, requirement),
    requirement.status === 401
      ? ApiUnauthorizedResponse({ description: 'not signed in' })
      : ApiForbiddenResponse({ description: 'not signed in' }),
  );

/**
 * The route needs a site administrator (implies sign-in). Anonymous callers get
 * 401 by default, as Forgejo's admin routes answer; `{status: 403}` refuses them
 * like signed-in non-admins.
 */
export const RequireSiteAdmin = (anonymous: SignInRequirement = { status: 401 }) =>
  applyDecorators(
    SetMetadata(SIGN_IN_KEY, anonymous),
    SetMetadata(SITE_ADMIN_KEY, true),
    ApiForbiddenResponse({ description: 'not a site administrator' }),
  );

/** The route needs a token (or Basic); anonymous callers get 401 "token is required" (notifications). */
export const RequireToken = () => SetMetadata(TOKEN_REQUIRED_KEY, true);

/** `@CurrentActor() actor: Actor` on a route that requires sign-in; `Actor | undefined` elsewhere. */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor | undefined => {
  return context.switchToHttp().getRequest<RequestWithActor>().actor;
});
