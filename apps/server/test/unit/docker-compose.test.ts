import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';

/**
 * Docker cannot run on the development machines, so this reads the compose file
 * and the Dockerfile and checks that the pieces are wired to each other: the
 * database the server is told to use is the one compose starts, data lives in
 * named volumes, and both containers report their health.
 */
const ROOT = join(__dirname, '../../../..');

/** Resolves compose's `${NAME:-default}` the way compose does when NAME is unset. */
function withDefaults(value: unknown): string {
  return String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
}

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'));
  const bellows = compose.services?.bellows;
  const db = compose.services?.db;
  const env = (service: { environment: Record<string, unknown> }, name: string) => withDefaults(service.environment[name]);

  it('runs bellows, built from this repository, next to PostgreSQL 15', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['bellows', 'db']);
    expect(bellows.build).toBe('.');
    expect(db.image).toMatch(/^postgres:15(\.|-|$)/);
    expect(bellows.ports).toContain('3000:3000');
  });

  it('points bellows at the compose database with matching credentials', () => {
    expect(env(bellows, 'BELLOWS__DATABASE__DB_TYPE')).toBe('postgres');
    expect(env(bellows, 'BELLOWS__DATABASE__HOST')).toBe('db:5432');
    expect(env(bellows, 'BELLOWS__DATABASE__NAME')).toBe(env(db, 'POSTGRES_DB'));
    expect(env(bellows, 'BELLOWS__DATABASE__USER')).toBe(env(db, 'POSTGRES_USER'));
    expect(env(bellows, 'BELLOWS__DATABASE__PASSWD')).toBe(env(db, 'POSTGRES_PASSWORD'));
    expect(() => new URL(env(bellows, 'BELLOWS__SERVER__ROOT_URL'))).not.toThrow();
  });

  it('keeps the data directory and the database in named volumes', () => {
    expect(bellows.volumes).toContain('bellows-data:/data');
    expect(db.volumes).toContain('db-data:/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes).sort()).toEqual(['bellows-data', 'db-data']);
  });

  it('starts bellows only once the database is healthy, and checks both', () => {
    expect(bellows.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(bellows.healthcheck.test.join(' ')).toContain('http://127.0.0.1:3000/api/healthz');
    expect(db.healthcheck.test.join(' ')).toContain('pg_isready');
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  // Instructions with their continuation lines joined, comments dropped.
  const instructions = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
  const all = (keyword: string) => instructions.filter((line) => line.toUpperCase().startsWith(`${keyword} `));

  it('builds in several stages and runs on a slim Node 20 image', () => {
    const stages = all('FROM');
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[stages.length - 1]).toMatch(/^FROM node:20[\w.-]*slim/);
    expect(instructions.some((line) => /^COPY --from=/.test(line))).toBe(true);
  });

  it('runs as the non-root user bellows with git and git-lfs installed', () => {
    expect(all('USER')).toEqual(['USER bellows']);
    expect(all('RUN').join('\n')).toMatch(/apt-get install[^\n]*\bgit\b[^\n]*\bgit-lfs\b/);
  });

  it('keeps its data in /data and listens on all interfaces of port 3000', () => {
    expect(all('VOLUME')).toEqual(['VOLUME /data']);
    expect(all('EXPOSE')).toEqual(['EXPOSE 3000']);
    const env = all('ENV').join(' ');
    expect(env).toContain('BELLOWS__SERVER__APP_DATA_PATH=/data');
    expect(env).toContain('BELLOWS__SERVER__HTTP_ADDR=0.0.0.0');
  });

  it('bug: the image left out @bellows/git and @bellows/storage; it installs and copies every workspace package', () => {
    const copies = all('COPY').join('\n');
    const workspaces = readdirSync(join(ROOT, 'packages')).map((name) => `packages/${name}`);
    for (const workspace of [...workspaces, 'apps/server']) {
      // Its manifest before `npm ci` (so npm links it instead of looking for it in the registry) and its build after.
      expect(copies).toContain(`COPY ${workspace}/package.json ${workspace}/`);
      expect(copies).toContain(`COPY --from=build /src/${workspace}/dist ${workspace}/dist`);
    }
  });

  it('checks its health on /api/healthz and starts bellows web', () => {
    expect(all('HEALTHCHECK').join('\n')).toContain('/api/healthz');
    expect(all('CMD')).toEqual(['CMD ["node", "apps/server/bin/bellows.js", "web"]']);
  });
});
