import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ConfigError, loadConfig, LoadConfigOptions, readTlsCredentials } from '../../src/config';

const MiB = 1024 * 1024;

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bellows-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Loads with no file, no environment, and `dir` as the working directory unless told otherwise. */
  const load = (options: LoadConfigOptions = {}) => loadConfig({ cwd: dir, env: {}, ...options });
  const writeIni = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const expectError = (options: LoadConfigOptions, key: string, detail: RegExp) => {
    let error: unknown;
    try {
      load(options);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).key).toBe(key);
    expect((error as ConfigError).message).toContain(key);
    expect((error as ConfigError).message).toMatch(detail);
  };

  describe('with no file at all', () => {
    it('uses the documented default of every key', () => {
      const config = load();
      const data = join(dir, 'data');
      expect(config.configPath).toBe(join(dir, 'data', 'app.ini'));
      expect(config.server).toEqual({
        protocol: 'http',
        httpAddr: '127.0.0.1',
        httpPort: 3000,
        rootUrl: 'http://127.0.0.1:3000/',
        appDataPath: data,
        certFile: '',
        keyFile: '',
        readHeaderTimeoutMs: 60_000,
        readIdleTimeoutMs: 60_000,
        ssh: {
          start: false,
          user: 'git',
          domain: '127.0.0.1',
          port: 22,
          listenHost: '127.0.0.1',
          listenPort: 22,
          hostKeys: [join(data, 'ssh', 'bellows.ed25519')],
        },
      });
      expect(config.database).toEqual({
        type: 'sqlite3',
        path: join(data, 'bellows.db'),
        host: '127.0.0.1:5432',
        name: 'bellows',
        user: 'bellows',
        passwd: '',
        sslMode: 'disable',
      });
      expect(config.repository).toEqual({ root: join(data, 'repositories') });
      expect(config.storage).toMatchObject({ path: join(data, 'storage'), default: { type: 'local', path: join(data, 'storage') } });
      expect(config.security).toEqual({ secretKey: '', reverseProxyAuthenticationUser: 'X-WEBAUTH-USER' });
      expect(config.service).toEqual({ enableReverseProxyAuthenticationApi: false, allowCrossRepositoryDependencies: true });
      expect(config.api).toEqual({ defaultPagingNum: 30, maxResponseItems: 50 });
      expect(config.quota).toEqual({
        enabled: true,
        defaultGroups: [],
        defaultTotal: -1,
        showNamesToOwners: false,
        warnAt: [80, 90, 100],
        historyDays: 400,
      });
      expect(config.metrics).toEqual({ enabled: false, token: '', perOwnerQuota: false });
      expect(config.attachment).toEqual({ maxSizeBytes: 2048 * MiB });
      expect(config.warnings).toEqual([]);
    });

    it('places the database, repositories and storage under APP_DATA_PATH', () => {
      const config = load({ env: { BELLOWS__SERVER__APP_DATA_PATH: '/srv/bellows' } });
      expect(config.server.appDataPath).toBe('/srv/bellows');
      expect(config.database.path).toBe('/srv/bellows/bellows.db');
      expect(config.repository.root).toBe('/srv/bellows/repositories');
      expect(config.storage.path).toBe('/srv/bellows/storage');
    });

    it('builds ROOT_URL from PROTOCOL, HTTP_ADDR and HTTP_PORT', () => {
      const config = load({ env: { BELLOWS__SERVER__HTTP_ADDR: '0.0.0.0', BELLOWS__SERVER__HTTP_PORT: '8080' } });
      expect(config.server.rootUrl).toBe('http://0.0.0.0:8080/');
      const ipv6 = load({ env: { BELLOWS__SERVER__HTTP_ADDR: '::1' } });
      expect(ipv6.server.rootUrl).toBe('http://[::1]:3000/');
    });
  });

  describe('with an INI file', () => {
    const INI = `
; a comment
[server]
PROTOCOL = http
HTTP_ADDR = 0.0.0.0
HTTP_PORT = 3300
ROOT_URL = https://git.example.com/forge
APP_DATA_PATH = /var/lib/bellows

[database]
DB_TYPE = postgres
HOST = db.internal:5433
NAME = forge
USER = forge
PASSWD = s3cret
SSL_MODE = require

[repository]
ROOT = /srv/repos

[storage]
PATH = relative/storage

[security]
SECRET_KEY = from-the-file
REVERSE_PROXY_AUTHENTICATION_USER = X-Remote-User

[service]
ENABLE_REVERSE_PROXY_AUTHENTICATION_API = true

[api]
DEFAULT_PAGING_NUM = 10
MAX_RESPONSE_ITEMS = 100

[quota]
ENABLED = false
DEFAULT_GROUPS = small, , team-b

[quota.default]
TOTAL = 1073741824
`;

    it('reads every section and key', () => {
      const config = load({ configPath: writeIni('app.ini', INI) });
      expect(config.server).toMatchObject({
        protocol: 'http',
        httpAddr: '0.0.0.0',
        httpPort: 3300,
        rootUrl: 'https://git.example.com/forge/',
        appDataPath: '/var/lib/bellows',
      });
      expect(config.database).toEqual({
        type: 'postgres',
        path: '/var/lib/bellows/bellows.db',
        host: 'db.internal:5433',
        name: 'forge',
        user: 'forge',
        passwd: 's3cret',
        sslMode: 'require',
      });
      expect(config.repository.root).toBe('/srv/repos');
      expect(config.storage.path).toBe(join(dir, 'relative/storage'));
      expect(config.security).toEqual({ secretKey: 'from-the-file', reverseProxyAuthenticationUser: 'X-Remote-User' });
      expect(config.service.enableReverseProxyAuthenticationApi).toBe(true);
      expect(config.api).toEqual({ defaultPagingNum: 10, maxResponseItems: 100 });
      expect(config.quota).toEqual({
        enabled: false,
        defaultGroups: ['small', 'team-b'],
        defaultTotal: 1073741824,
        showNamesToOwners: false,
        warnAt: [80, 90, 100],
        historyDays: 400,
      });
    });

    it('reads [quota] WARN_AT as ascending whole percents, and names a bad one', () => {
      expect(load({ env: { BELLOWS__QUOTA__WARN_AT: '95, 75,75' } }).quota.warnAt).toEqual([75, 95]);
      expect(load({ env: { BELLOWS__QUOTA__WARN_AT: '' } }).quota.warnAt).toEqual([]);
      expect(() => load({ env: { BELLOWS__QUOTA__WARN_AT: '80,120' } })).toThrow(
        '[quota] WARN_AT: "120" is not a whole percent from 1 to 100',
      );
      expect(() => load({ env: { BELLOWS__QUOTA__WARN_AT: '80%' } })).toThrow('"80%" is not a whole percent');
    });

    it('reads [metrics] as Forgejo names it', () => {
      const metrics = load({
        env: { BELLOWS__METRICS__ENABLED: 'true', BELLOWS__METRICS__TOKEN: 's3cret', BELLOWS__METRICS__PER_OWNER_QUOTA: 'true' },
      }).metrics;
      expect(metrics).toEqual({ enabled: true, token: 's3cret', perOwnerQuota: true });
    });

    it('lets the environment win over the file, including [quota.default]', () => {
      const config = load({
        configPath: writeIni('app.ini', INI),
        env: {
          BELLOWS__SERVER__HTTP_PORT: '4000',
          BELLOWS__DATABASE__PASSWD: 'from-env',
          BELLOWS__QUOTA__ENABLED: 'true',
          BELLOWS__QUOTA_DEFAULT__TOTAL: '1024',
          BELLOWS__api__max_response_items: '20',
        },
      });
      expect(config.server.httpPort).toBe(4000);
      expect(config.database.passwd).toBe('from-env');
      expect(config.database.name).toBe('forge');
      expect(config.quota.enabled).toBe(true);
      expect(config.quota.defaultTotal).toBe(1024);
      expect(config.api.maxResponseItems).toBe(20);
    });

    it('treats a key written with an empty value as unset', () => {
      const config = load({ configPath: writeIni('app.ini', '[server]\nHTTP_ADDR =\nHTTP_PORT =\n[database]\nNAME =\n') });
      expect(config.server.httpAddr).toBe('127.0.0.1');
      expect(config.server.httpPort).toBe(3000);
      expect(config.database.name).toBe('bellows');
    });

    it('reads [quota.default] TOTAL from the environment alone', () => {
      expect(load({ env: { BELLOWS__QUOTA_DEFAULT__TOTAL: '0' } }).quota.defaultTotal).toBe(0);
    });
  });

  describe('choosing the file', () => {
    beforeEach(() => {
      mkdirSync(join(dir, 'data'));
      writeIni('data/app.ini', '[server]\nHTTP_PORT = 1001\n');
      writeIni('from-env.ini', '[server]\nHTTP_PORT = 1002\n');
      writeIni('from-flag.ini', '[server]\nHTTP_PORT = 1003\n');
    });

    it('reads ./data/app.ini when nothing else is given', () => {
      expect(load().server.httpPort).toBe(1001);
    });

    it('prefers $BELLOWS_CONFIG over ./data/app.ini', () => {
      const config = load({ env: { BELLOWS_CONFIG: 'from-env.ini' } });
      expect(config.configPath).toBe(join(dir, 'from-env.ini'));
      expect(config.server.httpPort).toBe(1002);
    });

    it('prefers --config over $BELLOWS_CONFIG', () => {
      const config = load({ configPath: 'from-flag.ini', env: { BELLOWS_CONFIG: 'from-env.ini' } });
      expect(config.configPath).toBe(join(dir, 'from-flag.ini'));
      expect(config.server.httpPort).toBe(1003);
    });

    it('takes all defaults when the chosen file does not exist', () => {
      const config = load({ configPath: 'missing.ini' });
      expect(config.configPath).toBe(join(dir, 'missing.ini'));
      expect(config.server.httpPort).toBe(3000);
    });

    it('refuses a --config that is a folder', () => {
      expectError({ configPath: 'data' }, '--config', /is not a file/);
    });
  });

  describe('durations ([server] READ_HEADER_TIMEOUT, READ_IDLE_TIMEOUT)', () => {
    it.each([
      ['30s', 30_000],
      ['5m', 300_000],
      ['1h', 3_600_000],
      ['1m30s', 90_000],
      ['500ms', 500],
      ['1.5s', 1_500],
      [' 2m ', 120_000],
      ['0', 0],
      ['0s', 0],
    ])('reads %s as Forgejo does', (value, ms) => {
      const config = load({ env: { BELLOWS__SERVER__READ_IDLE_TIMEOUT: value, BELLOWS__SERVER__READ_HEADER_TIMEOUT: value } });
      expect(config.server.readIdleTimeoutMs).toBe(ms);
      expect(config.server.readHeaderTimeoutMs).toBe(ms);
    });

    it('reads them from the file, and an empty value takes the default', () => {
      const config = load({ configPath: writeIni('app.ini', '[server]\nREAD_IDLE_TIMEOUT = 2m\nREAD_HEADER_TIMEOUT =\n') });
      expect(config.server.readIdleTimeoutMs).toBe(120_000);
      expect(config.server.readHeaderTimeoutMs).toBe(60_000);
    });
  });

  describe('sizes ([quota.default] TOTAL, [attachment] MAX_SIZE)', () => {
    const withTotal = (value: string) => load({ env: { BELLOWS__QUOTA_DEFAULT__TOTAL: value } });
    const withMaxSize = (value: string) => load({ env: { BELLOWS__ATTACHMENT__MAX_SIZE: value } });

    it.each([
      ['0', 0],
      ['5000', 5000],
      ['12,345,678', 12_345_678],
      ['2k', 2000],
      ['2KiB', 2048],
      ['2MiB', 2 * MiB],
      ['1GiB', 1024 * MiB],
      ['1 GB', 1_000_000_000],
      ['3G', 3_000_000_000],
      ['1.5MiB', 1_572_864],
      [' 2k ', 2000],
      ['-1', -1],
      ['', -1],
    ])('TOTAL = %j is %d bytes, without a warning', (value, bytes) => {
      const config = withTotal(value);
      expect(config.quota.defaultTotal).toBe(bytes);
      expect(config.warnings).toEqual([]);
    });

    it.each([
      ['-42', 'is negative (the only negative size is -1, unlimited)'],
      ['-1MiB', 'is negative (the only negative size is -1, unlimited)'],
      ['hello', 'is not a size (like 2GiB, 500MB or 1,000,000)'],
      ['unlimited', 'is not a size (like 2GiB, 500MB or 1,000,000)'],
      ['1e6', 'is not a size (like 2GiB, 500MB or 1,000,000)'],
      ['42EB', 'is too large (a size must be below 8 EiB)'],
      // 2^63 - 1 is read as a float, as Forgejo reads it, and lands on 2^63: one past what Forgejo holds.
      ['9223372036854775807', 'is too large (a size must be below 8 EiB)'],
    ])('TOTAL = %j falls back to -1 (unlimited) as in Forgejo, and says so', (value, reason) => {
      const config = withTotal(value);
      expect(config.quota.defaultTotal).toBe(-1);
      expect(config.warnings).toEqual([`[quota.default] TOTAL: "${value}" ${reason}; using -1 (unlimited)`]);
    });

    it('holds a size Forgejo holds but JavaScript cannot count exactly (9EB) as the largest exact number, and says so', () => {
      const config = withTotal('9EB');
      expect(config.quota.defaultTotal).toBe(Number.MAX_SAFE_INTEGER);
      expect(config.warnings).toEqual([
        `[quota.default] TOTAL: "9EB" is more bytes than Bellows counts; using ${Number.MAX_SAFE_INTEGER} (about 8 PiB)`,
      ]);
    });

    it.each([
      ['2048', 2048 * MiB],
      ['1', MiB],
      ['0', 0],
      ['1.5', 1.5 * MiB],
      ['4GiB', 4096 * MiB],
      ['500MB', 500_000_000],
      ['2k', 2000],
      ['', 2048 * MiB],
    ])('MAX_SIZE = %j is %d bytes (a bare number counts MiB, as in Forgejo)', (value, bytes) => {
      const config = withMaxSize(value);
      expect(config.attachment.maxSizeBytes).toBe(bytes);
      expect(config.warnings).toEqual([]);
    });

    it.each([
      ['lots', 'is not a size (like 2048 for MiB, 4GiB or 500MB)'],
      ['-5', 'is negative'],
      ['16EiB', 'is too large (a size must be below 8 EiB)'],
    ])('MAX_SIZE = %j falls back to the default, as in Forgejo, and says so', (value, reason) => {
      const config = withMaxSize(value);
      expect(config.attachment.maxSizeBytes).toBe(2048 * MiB);
      expect(config.warnings).toEqual([`[attachment] MAX_SIZE: "${value}" ${reason}; using 2048 MiB (the default)`]);
    });

    it('reads sizes from the file too, and keeps every warning', () => {
      const config = load({ configPath: writeIni('app.ini', '[quota.default]\nTOTAL = hello\n[attachment]\nMAX_SIZE = -5\n') });
      expect(config.warnings).toEqual([
        '[quota.default] TOTAL: "hello" is not a size (like 2GiB, 500MB or 1,000,000); using -1 (unlimited)',
        '[attachment] MAX_SIZE: "-5" is negative; using 2048 MiB (the default)',
      ]);
    });
  });

  describe("a Forgejo operator's app.ini", () => {
    // Sections as Forgejo's installer writes them, plus the quota of Forgejo's example.
    const FORGEJO_INI = `APP_NAME = Forgejo: Beyond coding. We Forge.
RUN_USER = git
RUN_MODE = prod
WORK_PATH = /var/lib/forgejo

[repository]
ROOT = /var/lib/forgejo/data/forgejo-repositories

[server]
SSH_DOMAIN = git.example.com
DOMAIN = git.example.com
HTTP_ADDR = 0.0.0.0
HTTP_PORT = 3000
ROOT_URL = https://%(DOMAIN)s/
APP_DATA_PATH = /var/lib/forgejo/data
DISABLE_SSH = false
SSH_PORT = 22
LFS_START_SERVER = true
LFS_JWT_SECRET = Yc8ZxMd4E3rW1uQ0pV5t7b9n2k6h8j4g3f1d5s7a9Q0
OFFLINE_MODE = true

[database]
DB_TYPE = postgres
HOST = 127.0.0.1:5432 ; the local server
NAME = forgejo
USER = forgejo
PASSWD = \`pa;ss#word\`
SCHEMA =
SSL_MODE = disable
LOG_SQL = false
PATH = /var/lib/forgejo/data/forgejo.db

[security]
INSTALL_LOCK = true
SECRET_KEY =
INTERNAL_TOKEN = eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.c2lnbmF0dXJl
PASSWORD_HASH_ALGO = pbkdf2_hi

[log]
MODE = console
LEVEL = info

[quota]
ENABLED = true
DEFAULT_GROUPS = standard, archive

[quota.default]
TOTAL = 1GiB
`;

    it('is read without an error or a warning, every key Bellows knows taking its value', () => {
      const config = load({ configPath: writeIni('app.ini', FORGEJO_INI) });
      expect(config.warnings).toEqual([]);
      expect(config.server).toMatchObject({
        httpAddr: '0.0.0.0',
        httpPort: 3000,
        rootUrl: 'https://git.example.com/',
        appDataPath: '/var/lib/forgejo/data',
      });
      expect(config.database).toEqual({
        type: 'postgres',
        path: '/var/lib/forgejo/data/forgejo.db',
        host: '127.0.0.1:5432',
        name: 'forgejo',
        user: 'forgejo',
        passwd: 'pa;ss#word',
        sslMode: 'disable',
      });
      expect(config.repository.root).toBe('/var/lib/forgejo/data/forgejo-repositories');
      expect(config.security.secretKey).toBe('');
      expect(config.quota).toMatchObject({ enabled: true, defaultGroups: ['standard', 'archive'], defaultTotal: 1024 * MiB });
    });

    it('refuses what Bellows cannot honour, naming the key and the value', () => {
      expectError(
        { configPath: writeIni('mysql.ini', FORGEJO_INI.replace('DB_TYPE = postgres', 'DB_TYPE = mysql')) },
        '[database] DB_TYPE',
        /"mysql" is not one of sqlite3, postgres/,
      );
      expectError(
        { configPath: writeIni('fcgi.ini', FORGEJO_INI.replace('[server]\n', '[server]\nPROTOCOL = fcgi\n')) },
        '[server] PROTOCOL',
        /"fcgi" is not one of http, https/,
      );
    });

    it('refuses a file Forgejo could not read either, naming the file and the line', () => {
      const path = writeIni('broken.ini', '[server]\nHTTP_PORT 3000\n');
      expectError(
        { configPath: path },
        '--config',
        new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, line 2: "HTTP_PORT 3000" is not "KEY = value"`),
      );
    });
  });

  describe('%(KEY)s references', () => {
    it("read a key of the same section, as Forgejo's example ROOT_URL does", () => {
      const config = load({
        configPath: writeIni(
          'app.ini',
          '[server]\nDOMAIN = forge.lan\nHTTP_PORT = 3300\nROOT_URL = %(PROTOCOL)s://%(DOMAIN)s:%(HTTP_PORT)s/\nPROTOCOL = http\n',
        ),
      });
      expect(config.server.rootUrl).toBe('http://forge.lan:3300/');
    });

    it('read a key of an enclosing section, then of the top of the file', () => {
      const config = load({
        configPath: writeIni(
          'app.ini',
          'BASE = /srv/forge\n[server]\nAPP_DATA_PATH = %(BASE)s/data\n[quota]\nSIZE = 2GiB\n[quota.default]\nTOTAL = %(SIZE)s\n',
        ),
      });
      expect(config.server.appDataPath).toBe('/srv/forge/data');
      expect(config.quota.defaultTotal).toBe(2048 * MiB);
    });

    it('see the environment: an overridden key changes what refers to it, and an override may refer to the file', () => {
      const path = writeIni('app.ini', '[server]\nDOMAIN = forge.lan\nROOT_URL = https://%(DOMAIN)s/\n[database]\nNAME = forge\n');
      expect(load({ configPath: path, env: { BELLOWS__SERVER__DOMAIN: 'git.example.com' } }).server.rootUrl).toBe(
        'https://git.example.com/',
      );
      expect(load({ configPath: path, env: { BELLOWS__DATABASE__USER: '%(NAME)s' } }).database.user).toBe('forge');
    });

    it('stay as written when they refer to nothing', () => {
      const config = load({ configPath: writeIni('app.ini', '[database]\nPASSWD = %(NOWHERE)s\n') });
      expect(config.database.passwd).toBe('%(NOWHERE)s');
    });
  });

  describe('refuses an unusable value, naming the key', () => {
    it.each([
      ['BELLOWS__SERVER__HTTP_PORT', '70000', '[server] HTTP_PORT', /out of range/],
      ['BELLOWS__SERVER__HTTP_PORT', '-1', '[server] HTTP_PORT', /out of range/],
      ['BELLOWS__SERVER__HTTP_PORT', 'eighty', '[server] HTTP_PORT', /not a whole number/],
      ['BELLOWS__SERVER__PROTOCOL', 'gopher', '[server] PROTOCOL', /not one of http, https/],
      ['BELLOWS__DATABASE__DB_TYPE', 'mysql', '[database] DB_TYPE', /"mysql" is not one of sqlite3, postgres/],
      ['BELLOWS__DATABASE__SSL_MODE', 'maybe', '[database] SSL_MODE', /not one of/],
      [
        'BELLOWS__SERVICE__ENABLE_REVERSE_PROXY_AUTHENTICATION_API',
        'perhaps',
        '[service] ENABLE_REVERSE_PROXY_AUTHENTICATION_API',
        /not a boolean/,
      ],
      ['BELLOWS__QUOTA__ENABLED', 'maybe', '[quota] ENABLED', /not a boolean/],
      ['BELLOWS__SERVER__ROOT_URL', 'git.example.com', '[server] ROOT_URL', /not an absolute URL/],
      ['BELLOWS__SERVER__ROOT_URL', 'ftp://git.example.com/', '[server] ROOT_URL', /http:\/\/ or https:\/\//],
      ['BELLOWS__API__MAX_RESPONSE_ITEMS', '0', '[api] MAX_RESPONSE_ITEMS', /out of range/],
      ['BELLOWS__SERVER__READ_IDLE_TIMEOUT', '60', '[server] READ_IDLE_TIMEOUT', /not a duration/],
      ['BELLOWS__SERVER__READ_IDLE_TIMEOUT', 'soon', '[server] READ_IDLE_TIMEOUT', /not a duration/],
      ['BELLOWS__SERVER__READ_IDLE_TIMEOUT', '-5s', '[server] READ_IDLE_TIMEOUT', /not a duration/],
      ['BELLOWS__SERVER__READ_HEADER_TIMEOUT', '1.5.0s', '[server] READ_HEADER_TIMEOUT', /not a duration/],
      ['BELLOWS__SERVER__READ_HEADER_TIMEOUT', '25h', '[server] READ_HEADER_TIMEOUT', /out of range/],
    ])('%s=%s', (name, value, key, detail) => {
      expectError({ env: { [name]: value } }, key, detail);
    });

    it('refuses a bad value read from the file too', () => {
      expectError({ configPath: writeIni('bad.ini', '[server]\nHTTP_PORT = 99999\n') }, '[server] HTTP_PORT', /99999 is out of range/);
    });

    it('refuses PROTOCOL = https without CERT_FILE or KEY_FILE', () => {
      expectError({ env: { BELLOWS__SERVER__PROTOCOL: 'https' } }, '[server] CERT_FILE', /must be set when PROTOCOL = https/);
      expectError(
        { env: { BELLOWS__SERVER__PROTOCOL: 'https', BELLOWS__SERVER__CERT_FILE: 'cert.pem' } },
        '[server] KEY_FILE',
        /must be set/,
      );
    });
  });

  describe('https', () => {
    it('defaults ROOT_URL to https and resolves the certificate paths', () => {
      const config = load({
        env: { BELLOWS__SERVER__PROTOCOL: 'HTTPS', BELLOWS__SERVER__CERT_FILE: 'tls/cert.pem', BELLOWS__SERVER__KEY_FILE: '/etc/key.pem' },
      });
      expect(config.server.protocol).toBe('https');
      expect(config.server.rootUrl).toBe('https://127.0.0.1:3000/');
      expect(config.server.certFile).toBe(join(dir, 'tls/cert.pem'));
      expect(config.server.keyFile).toBe('/etc/key.pem');
    });

    it('names the key of a certificate file that cannot be read', () => {
      writeIni('cert.pem', 'CERT');
      const config = load({
        env: { BELLOWS__SERVER__PROTOCOL: 'https', BELLOWS__SERVER__CERT_FILE: 'cert.pem', BELLOWS__SERVER__KEY_FILE: 'nope.pem' },
      });
      expect(() => readTlsCredentials(config.server)).toThrow(/\[server\] KEY_FILE: cannot read .*nope\.pem \(ENOENT\)/);
    });

    it('reads nothing for plain http', () => {
      expect(readTlsCredentials(load().server)).toBeUndefined();
    });
  });

  describe('object storage ([storage] and each kind, as Forgejo resolves them)', () => {
    const storage = (ini: string, env: Record<string, string> = {}) => load({ configPath: writeIni('app.ini', ini), env }).storage;
    const minio = (over: Record<string, unknown> = {}) => ({
      type: 'minio',
      endpoint: 'localhost:9000',
      accessKeyId: '',
      secretAccessKey: '',
      bucket: 'gitea',
      location: 'us-east-1',
      basePath: '',
      useSsl: false,
      insecureSkipVerify: false,
      serveDirect: false,
      ...over,
    });

    it('keeps every kind in its folder below [storage] PATH by default', () => {
      const config = load();
      expect(config.storage.default).toEqual({ type: 'local', path: join(dir, 'data/storage'), serveDirect: false });
      expect(config.storage.kinds.attachments).toEqual({ type: 'local', path: join(dir, 'data/storage/attachments'), serveDirect: false });
      expect(config.storage.kinds.actions).toMatchObject({ path: join(dir, 'data/storage/actions') });
      expect(config.storage.kinds.avatars).toMatchObject({ path: join(dir, 'data/storage/avatars') });
    });

    it('[storage] STORAGE_TYPE = minio: every kind in the bucket under its own prefix, with the defaults of Forgejo', () => {
      const config = storage('[storage]\nSTORAGE_TYPE = minio\nMINIO_ACCESS_KEY_ID = id\nMINIO_SECRET_ACCESS_KEY = secret\n');
      expect(config.default).toEqual(minio({ accessKeyId: 'id', secretAccessKey: 'secret' }));
      expect(config.kinds.lfs).toEqual(minio({ accessKeyId: 'id', secretAccessKey: 'secret', basePath: 'lfs/' }));
      expect(config.kinds.actions).toMatchObject({ basePath: 'actions/' });
    });

    it('a kind section overrides MINIO_BUCKET, MINIO_BASE_PATH and SERVE_DIRECT of [storage]', () => {
      const config = storage(
        '[storage]\nSTORAGE_TYPE = minio\nMINIO_ENDPOINT = s3.example.com:443\nMINIO_USE_SSL = true\nMINIO_BASE_PATH = forge/\n' +
          '[attachment]\nMINIO_BUCKET = attach-bucket\nSERVE_DIRECT = true\n[lfs]\nMINIO_BASE_PATH = big-files/\n',
      );
      expect(config.kinds.attachments).toEqual(
        minio({ endpoint: 's3.example.com:443', useSsl: true, bucket: 'attach-bucket', basePath: 'forge/attachments/', serveDirect: true }),
      );
      expect(config.kinds.lfs).toMatchObject({ bucket: 'gitea', basePath: 'big-files/', serveDirect: false });
      expect(config.kinds.packages).toMatchObject({ basePath: 'forge/packages/' });
    });

    it('a kind may live elsewhere than [storage]: its own section naming minio, or [storage.NAME], or a STORAGE_TYPE naming [storage.X]', () => {
      const config = storage(
        '[attachment]\nSTORAGE_TYPE = minio\nMINIO_ENDPOINT = minio.local:9000\nMINIO_BUCKET = att\n' +
          '[storage.lfs]\nSTORAGE_TYPE = minio\nMINIO_BUCKET = lfs-bucket\n' +
          '[packages]\nSTORAGE_TYPE = shared-s3\n[storage.shared-s3]\nSTORAGE_TYPE = minio\nMINIO_BUCKET = shared\n',
      );
      expect(config.kinds.attachments).toMatchObject({
        type: 'minio',
        endpoint: 'minio.local:9000',
        bucket: 'att',
        basePath: 'attachments/',
      });
      expect(config.kinds.lfs).toMatchObject({ type: 'minio', bucket: 'lfs-bucket', basePath: 'lfs/' });
      expect(config.kinds.packages).toMatchObject({ type: 'minio', bucket: 'shared', basePath: 'packages/' });
      expect(config.kinds.avatars).toEqual({ type: 'local', path: join(dir, 'data/storage/avatars'), serveDirect: false });
    });

    it('[storage.minio] inherits [storage] keys; [picture] AVATAR_STORAGE_TYPE chooses the avatars store', () => {
      const config = storage(
        '[storage]\nMINIO_ENDPOINT = rgw:7480\n[storage.minio]\nMINIO_BUCKET = pics\n[picture]\nAVATAR_STORAGE_TYPE = minio\n',
      );
      expect(config.kinds.avatars).toMatchObject({ type: 'minio', endpoint: 'rgw:7480', bucket: 'pics', basePath: 'avatars/' });
      expect(config.kinds.attachments.type).toBe('local');
    });

    it('a kind may stay on local files while [storage] is an object store', () => {
      const config = storage('[storage]\nSTORAGE_TYPE = minio\n[attachment]\nSTORAGE_TYPE = local\nSERVE_DIRECT = true\n');
      expect(config.kinds.attachments).toEqual({ type: 'local', path: join(dir, 'data/storage/attachments'), serveDirect: false });
      expect(config.kinds.lfs).toMatchObject({ type: 'minio', basePath: 'lfs/' });
    });

    it('a local PATH of a kind: absolute as given, a relative one below [storage] PATH', () => {
      const config = storage('[server]\nAPP_DATA_PATH = /srv/b\n[lfs]\nPATH = /mnt/lfs\n[attachment]\nPATH = att\n');
      expect(config.kinds.lfs).toEqual({ type: 'local', path: '/mnt/lfs', serveDirect: false });
      expect(config.kinds.attachments).toMatchObject({ path: '/srv/b/storage/att' });
    });

    it('takes BELLOWS__ACTIONS_ARTIFACTS__* for [actions.artifacts]', () => {
      const config = storage('[storage]\nSTORAGE_TYPE = minio\n', {
        BELLOWS__ACTIONS_ARTIFACTS__MINIO_BUCKET: 'artifacts',
        BELLOWS__ACTIONS_ARTIFACTS__SERVE_DIRECT: 'true',
      });
      expect(config.kinds.actions).toMatchObject({ type: 'minio', bucket: 'artifacts', basePath: 'actions/', serveDirect: true });
      expect(config.kinds.attachments).toMatchObject({ bucket: 'gitea', serveDirect: false });
    });

    it.each([
      ['[storage]\nSTORAGE_TYPE = s3\n', '[storage] STORAGE_TYPE', /"s3" is not one of local, minio/],
      ['[lfs]\nSTORAGE_TYPE = nowhere\n', '[lfs] STORAGE_TYPE', /neither local nor minio, and there is no \[storage.nowhere\]/],
      ['[picture]\nAVATAR_STORAGE_TYPE = cloud\n', '[picture] AVATAR_STORAGE_TYPE', /neither local nor minio/],
      ['[attachment]\nSTORAGE_TYPE = minio\nMINIO_BUCKET = att\n', '[attachment] MINIO_ENDPOINT', /must be set/],
      ['[attachment]\nSTORAGE_TYPE = minio\nMINIO_ENDPOINT = h:1\n', '[attachment] MINIO_BUCKET', /must be set/],
      ['[storage]\nSTORAGE_TYPE = minio\nMINIO_ENDPOINT = http://h:9000\n', '[storage] MINIO_ENDPOINT', /without a scheme/],
      ['[storage]\nSTORAGE_TYPE = minio\n[packages]\nMINIO_BUCKET = Bad_Bucket\n', '[packages] MINIO_BUCKET', /not a bucket name/],
      ['[storage]\nSTORAGE_TYPE = minio\nMINIO_USE_SSL = sometimes\n', '[storage] MINIO_USE_SSL', /not a boolean/],
    ])('refuses %j naming %s', (ini, key, detail) => {
      expectError({ configPath: writeIni('app.ini', ini) }, key, detail);
    });
  });
});
