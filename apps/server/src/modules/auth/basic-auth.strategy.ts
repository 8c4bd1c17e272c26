import { FastifyRequest } from 'fastify';
import { BasicStrategy } from 'passport-http';
import { UnauthorizedException } from '@nestjs/common';
import { Actor } from '../../http/auth/actor';

/** Checks one pair of Basic credentials; throws an HttpException (401) when they are wrong. */
export type BasicCredentialsCheck = (request: FastifyRequest, username: string, secret: string) => Promise<Actor>;

export interface BasicCredentials {
  username: string;
  secret: string;
}

/**
 * passport-http's BasicStrategy, run inside our AuthGuard rather than as
 * Express middleware (the server is Fastify). Only the header parsing is
 * replaced: passport-http 0.3 cuts the password at a second colon and refuses
 * an empty password, but passwords may contain colons and git clients send a
 * token as the username with an empty password. Everything else (the verify
 * callback, success/fail/error) is passport's contract.
 */
export class BellowsBasicStrategy extends BasicStrategy {
  constructor(check: BasicCredentialsCheck) {
    super({ passReqToCallback: true, realm: 'Bellows' }, (req, username, secret, done) => {
      check(req as unknown as FastifyRequest, username, secret).then(
        (actor) => done(null, actor),
        (error) => done(error),
      );
    });
  }

  override authenticate(req: Parameters<BasicStrategy['authenticate']>[0]): void {
    const credentials = parseBasicAuthorization(req.headers.authorization);
    if (!credentials) return this.strategy().fail(400);
    const verify = (this as unknown as { _verify: (...args: unknown[]) => void })._verify;
    verify(req, credentials.username, credentials.secret, (error: unknown, actor?: Actor) => {
      if (error) return this.strategy().error(error as Error);
      if (!actor) return this.strategy().fail('Basic realm="Bellows"');
      this.strategy().success(actor);
    });
  }

  /** The success/fail/error actions passport attaches to a strategy instance per request. */
  private strategy(): StrategyActions {
    return this as unknown as StrategyActions;
  }
}

interface StrategyActions {
  success(user: unknown): void;
  fail(challenge?: string | number): void;
  error(error: Error): void;
}

/** `Basic base64(user:secret)` → the two parts, split at the FIRST colon; null when malformed. */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null {
  const match = /^\s*basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * Runs the strategy for one request the way passport would, and resolves with
 * the signed-in actor. Failures become 401s; errors from the check pass through.
 */
export function authenticateBasic(strategy: BellowsBasicStrategy, request: FastifyRequest): Promise<Actor> {
  return new Promise((resolve, reject) => {
    // passport gives each request its own instance carrying the action callbacks.
    const run = Object.create(strategy) as BellowsBasicStrategy & StrategyActions;
    run.success = (actor) => resolve(actor as Actor);
    run.fail = () => reject(new UnauthorizedException('malformed basic credentials'));
    run.error = (error) => reject(error);
    run.authenticate(request as unknown as Parameters<BasicStrategy['authenticate']>[0]);
  });
}
