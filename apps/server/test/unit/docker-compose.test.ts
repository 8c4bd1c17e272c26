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

// Compose reads YAML merge keys (`<<: *bellows-replica`); the yaml library does so only when asked.
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });

type Service = { profiles?: string[]; depends_on?: Record<string, unknown>; environment: Record<string, unknown>; volumes: string[] };

/** The services `docker compose up SERVICE` starts: SERVICE and, recursively, what it depends on. */
function startedWith(name: string): string[] {
  const seen = new Set<string>();
  const visit = (service: string) => {
    if (seen.has(service)) return;
    seen.add(service);
    for (const next of Object.keys((compose.services[service] as Service).depends_on ?? {})) visit(next);
  };
  visit(name);
  return [...seen].sort();
}

describe('docker-compose.yml', () => {
  const bellows = compose.services?.bellows;
  const db = compose.services?.db;
  const env = (service: { environment: Record<string, unknown> }, name: string) => withDefaults(service.environment[name]);

  it('runs bellows, built from this repository, next to PostgreSQL 15', () => {
    // `docker compose up` starts the services without a profile.
    const byDefault = Object.keys(compose.services).filter((name) => (compose.services[name] as Service).profiles === undefined);
    expect(byDefault.sort()).toEqual(['bellows', 'db']);
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
    expect(Object.keys(compose.volumes).sort()).toEqual(['bellows-data', 'db-data', 'minio-data']);
  });

  it('starts bellows only once the database is healthy, and checks both', () => {
    expect(bellows.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(bellows.healthcheck.test.join(' ')).toContain('http://127.0.0.1:3000/api/healthz');
    expect(db.healthcheck.test.join(' ')).toContain('pg_isready');
  });
});

describe('docker-compose.yml, profile "scale"', () => {
  const services = compose.services as Record<string, Service & Record<string, any>>;
  const replicas = ['bellows-1', 'bellows-2'];
  const env = (name: string, key: string) => withDefaults(services[name].environment[key]);
  const nginx = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');

  it('adds two replicas built from this repository, MinIO and nginx, all in the profile', () => {
    const scale = Object.keys(services).filter((name) => services[name].profiles?.includes('scale'));
    expect(scale.sort()).toEqual(['bellows-1', 'bellows-2', 'minio', 'proxy']);
    for (const name of replicas) expect(services[name].build).toBe('.');
    expect(services.minio.image).toMatch(/^quay\.io\/minio\/minio:RELEASE\./);
    expect(services.proxy.image).toMatch(/^nginx:/);
  });

  it('starting the proxy starts the replicas, the database and MinIO, never the single-instance bellows', () => {
    expect(startedWith('proxy')).toEqual(['bellows-1', 'bellows-2', 'db', 'minio', 'proxy']);
  });

  it('gives every replica the same settings: database, object store, SECRET_KEY, ROOT_URL', () => {
    const [first, second] = replicas.map((name) => services[name].environment);
    expect(second).toEqual(first);
    for (const key of ['BELLOWS__SECURITY__SECRET_KEY', 'BELLOWS__SERVER__ROOT_URL']) expect(Object.keys(first)).toContain(key);
    expect(() => new URL(env('bellows-1', 'BELLOWS__SERVER__ROOT_URL'))).not.toThrow();
    expect(env('bellows-1', 'BELLOWS__DATABASE__DB_TYPE')).toBe('postgres');
    expect(env('bellows-1', 'BELLOWS__DATABASE__HOST')).toBe('db:5432');
    expect(env('bellows-1', 'BELLOWS__DATABASE__PASSWD')).toBe(withDefaults(services.db.environment.POSTGRES_PASSWORD));
  });

  it('points the replicas at the MinIO service with its credentials', () => {
    expect(env('bellows-1', 'BELLOWS__STORAGE__STORAGE_TYPE')).toBe('minio');
    expect(env('bellows-1', 'BELLOWS__STORAGE__MINIO_ENDPOINT')).toBe('minio:9000');
    expect(env('bellows-1', 'BELLOWS__STORAGE__MINIO_ACCESS_KEY_ID')).toBe(env('minio', 'MINIO_ROOT_USER'));
    expect(env('bellows-1', 'BELLOWS__STORAGE__MINIO_SECRET_ACCESS_KEY')).toBe(env('minio', 'MINIO_ROOT_PASSWORD'));
    expect(env('bellows-1', 'BELLOWS__STORAGE__MINIO_BUCKET').length).toBeGreaterThanOrEqual(3);
    expect(env('bellows-1', 'BELLOWS__STORAGE__MINIO_USE_SSL')).toBe('false');
    expect(services.minio.volumes).toContain('minio-data:/data');
    expect(services.minio.healthcheck.test.join(' ')).toContain('ready');
  });

  it('shares one named volume for the data directory (repositories, secret_key, keys) between the replicas', () => {
    for (const name of replicas) expect(services[name].volumes).toEqual(['bellows-data:/data']);
  });

  it('starts the second replica after the first is healthy, so first starts never race on tables or the bucket', () => {
    expect(services['bellows-1'].depends_on).toEqual({ db: { condition: 'service_healthy' }, minio: { condition: 'service_healthy' } });
    expect(services['bellows-2'].depends_on).toEqual({ 'bellows-1': { condition: 'service_healthy' } });
    for (const name of replicas) expect(services[name].healthcheck.test.join(' ')).toContain('/api/healthz');
  });

  it('proxies round robin to both replicas from the config file in the repository, without sticky sessions', () => {
    expect(services.proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(services.proxy.depends_on).toEqual({
      'bellows-1': { condition: 'service_healthy' },
      'bellows-2': { condition: 'service_healthy' },
    });
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(nginx);
    expect(upstream).not.toBeNull();
    const [, name, body] = upstream!;
    const servers = [...body.matchAll(/^\s*server\s+([\w.-]+:\d+)/gm)].map((match) => match[1]);
    expect(servers).toEqual(['bellows-1:3000', 'bellows-2:3000']);
    expect(body).not.toMatch(/^\s*(ip_hash|hash|sticky|least_conn)\b/m);
    expect(nginx).toContain(`proxy_pass http://${name};`);
    expect(nginx).toMatch(/client_max_body_size 0;/);
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
