import { createHmac, hkdfSync, timingSafeEqual } from 'crypto';

/** What a verified runtime token grants: artifact access for one job of one run. */
export interface RuntimeClaims {
  runId: number;
  jobId: string;
}

export class RuntimeTokenError extends Error {}

/** How long a runtime token works: a CI job must upload its artifacts within a day. */
const LIFETIME_SECONDS = 24 * 60 * 60;
const SCOPE_PREFIX = 'Actions.Results';

/**
 * Runtime tokens of actions runs: JWTs (HS256) whose `scp` claim is
 * `Actions.Results:<runId>:<jobId>`, the only claim @actions/artifact reads
 * (it decodes, never verifies). The server verifies the signature on every
 * artifact call, so nothing about a token needs storing. The key is derived
 * from `[security] SECRET_KEY` for this one purpose.
 */
export class RuntimeTokens {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'bellows', 'actions runtime token v1', 32));
  }

  issue(claims: RuntimeClaims, now = new Date()): string {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const header = encodeJson({ alg: 'HS256', typ: 'JWT' });
    const payload = encodeJson({ scp: `${SCOPE_PREFIX}:${claims.runId}:${claims.jobId}`, iat: issuedAt, exp: issuedAt + LIFETIME_SECONDS });
    return `${header}.${payload}.${this.sign(`${header}.${payload}`)}`;
  }

  /** The token's claims; RuntimeTokenError when it is malformed, forged, altered or expired. */
  verify(token: string, now = new Date()): RuntimeClaims {
    const parts = token.split('.');
    if (parts.length !== 3) throw new RuntimeTokenError('the runtime token is not a signed token');
    const [header, payload, signature] = parts;
    const expected = Buffer.from(this.sign(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new RuntimeTokenError('the runtime token signature is invalid');
    const claims = decodeJson(payload);
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now.getTime()) throw new RuntimeTokenError('the runtime token has expired');
    return parseScope(claims.scp);
  }

  private sign(data: string): string {
    return createHmac('sha256', this.key).update(data).digest('base64url');
  }
}

function parseScope(scope: unknown): RuntimeClaims {
  const match = typeof scope === 'string' ? /^Actions\.Results:(\d{1,15}):([A-Za-z0-9-]{1,64})$/.exec(scope) : null;
  if (!match) throw new RuntimeTokenError('the runtime token has no Actions.Results scope');
  return { runId: Number(match[1]), jobId: match[2] };
}

function encodeJson(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeJson(part: string): Record<string, unknown> {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object') return value;
  } catch {
    /* reported below */
  }
  throw new RuntimeTokenError('the runtime token payload is not JSON');
}
