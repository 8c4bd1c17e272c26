import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { ScopeCategory, scopesAllow } from '@bellows/domain';
import { RequestWithActor } from './actor';
import { Authenticate } from './authenticate';
import { SCOPE_CATEGORY_KEY, SIGN_IN_KEY, SignInRequirement, SITE_ADMIN_KEY, TOKEN_REQUIRED_KEY } from './auth-metadata';

/** What a route requires of its caller, read from its decorators once. */
interface RouteRequirements {
  tokenRequired: boolean;
  signIn: SignInRequirement | undefined;
  siteAdminOnly: boolean;
  /** The scope categories a token must hold (see requiredCategories). */
  categories: ScopeCategory[];
}

/**
 * The one gate every API request passes: it signs the caller in (if they sent
 * credentials), then applies the route's requirements in a fixed order:
 * sign-in, site admin, token scope.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  /**
   * By controller class, then handler (a base class's method can serve several controllers with different
   * class decorators): a route's decorators never change, and reading them is a dozen metadata lookups.
   */
  private readonly requirementsByRoute = new WeakMap<object, WeakMap<object, RouteRequirements>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticate,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithActor>();
    if (request.actor === undefined) request.actor = await this.authenticator.authenticate(request);
    const actor = request.actor;
    const route = this.requirementsOf(context);

    if (route.tokenRequired && !actor) throw new UnauthorizedException('token is required');

    if (route.signIn && !actor) {
      if (route.signIn.status === 403) throw new ForbiddenException('you must be signed in');
      throw new UnauthorizedException('token is required');
    }

    if (route.siteAdminOnly && !actor?.user.isAdmin) {
      throw new ForbiddenException('you must be a site administrator');
    }

    if (actor?.scopes) {
      const level = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
      for (const category of route.categories) {
        if (!scopesAllow(actor.scopes, category, level)) {
          throw new ForbiddenException(`token does not have at least one of required scope(s): [${level}:${category}]`);
        }
      }
    }
    return true;
  }

  private requirementsOf(context: ExecutionContext): RouteRequirements {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byHandler = this.requirementsByRoute.get(controller);
    if (!byHandler) this.requirementsByRoute.set(controller, (byHandler = new WeakMap()));
    let requirements = byHandler.get(handler);
    if (!requirements) {
      const targets = [handler, controller];
      const siteAdminOnly = this.reflector.getAllAndOverride<boolean>(SITE_ADMIN_KEY, targets) ?? false;
      requirements = {
        tokenRequired: this.reflector.getAllAndOverride<boolean>(TOKEN_REQUIRED_KEY, targets) ?? false,
        signIn: this.reflector.getAllAndOverride<SignInRequirement>(SIGN_IN_KEY, targets),
        siteAdminOnly,
        categories: requiredCategories(this.reflector.getAllAndOverride<ScopeCategory>(SCOPE_CATEGORY_KEY, targets), siteAdminOnly),
      };
      byHandler.set(handler, requirements);
    }
    return requirements;
  }
}

/**
 * The scope categories a token needs for a route: its group's, and `admin`
 * for a site-admin route even when its controller is grouped elsewhere, so a
 * token never reaches administration without an admin scope.
 */
function requiredCategories(group: ScopeCategory | undefined, siteAdminOnly: boolean): ScopeCategory[] {
  const categories: ScopeCategory[] = group ? [group] : [];
  if (siteAdminOnly && group !== 'admin') categories.push('admin');
  return categories;
}
