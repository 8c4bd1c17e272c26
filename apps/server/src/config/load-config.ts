import { isAbsolute, resolve } from 'path';
import { readSessionSettings } from './session-settings';
import { BellowsConfig } from './config';
import { ConfigError } from './config-error';
import { applyEnvironment, readIniFile } from './raw-settings';
import { SectionReader } from './section-reader';
import { readWebhookSettings } from './webhook-settings';
import { readSshSettings } from './ssh-settings';
import { readStorageSettings } from './storage-settings';

export const DEFAULT_CONFIG_PATH = './data/app.ini';

/** The longest duration a timeout setting takes. */
const DAY_MS = 24 * 3_600_000;

const MIB = 1024 * 1024;

export interface LoadConfigOptions {
  /** `--config PATH`; else $BELLOWS_CONFIG; else ./data/app.ini. */
  configPath?: string;
  env?: NodeJS.ProcessEnv;
  /** Relative paths are resolved against this folder (default: the working directory). */
  cwd?: string;
}

export function resolveConfigPath(options: LoadConfigOptions = {}): string {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  // An empty --config or $BELLOWS_CONFIG counts as not given.
  return resolve(cwd, options.configPath || env.BELLOWS_CONFIG || DEFAULT_CONFIG_PATH);
}

export function loadConfig(options: LoadConfigOptions = {}): BellowsConfig {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const configPath = resolveConfigPath(options);
  const settings = applyEnvironment(readIniFile(configPath), env);
  const warnings: string[] = [];
  const section = (name: string) => new SectionReader(settings, name, warnings);
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));

  const server = section('server');
  const protocol = server.oneOf('PROTOCOL', ['http', 'https'] as const, 'http');
  const httpAddr = server.string('HTTP_ADDR', '127.0.0.1');
  const httpPort = server.integer('HTTP_PORT', 3000, 0, 65535);
  const appDataPath = absolute(server.string('APP_DATA_PATH', './data'));
  const rootUrl = normalizeRootUrl(server.string('ROOT_URL', defaultRootUrl(protocol, httpAddr, httpPort)));
  const readHeaderTimeoutMs = server.duration('READ_HEADER_TIMEOUT', 60_000, DAY_MS);
  const readIdleTimeoutMs = server.duration('READ_IDLE_TIMEOUT', 60_000, DAY_MS);
  const certFile = server.string('CERT_FILE', '');
  const keyFile = server.string('KEY_FILE', '');
  if (protocol === 'https' && (!certFile || !keyFile)) {
    throw new ConfigError(certFile ? '[server] KEY_FILE' : '[server] CERT_FILE', 'must be set when PROTOCOL = https');
  }

  const database = section('database');
  const api = section('api');
  const defaultPagingNum = api.integer('DEFAULT_PAGING_NUM', 30, 1, 10_000);
  const maxResponseItems = api.integer('MAX_RESPONSE_ITEMS', 50, 1, 10_000);
  const quota = section('quota');
  const quotaDefault = section('quota.default');
  const defaultTotal = quotaDefault.byteSize('TOTAL', {
    fallback: -1,
    fallbackText: '-1 (unlimited)',
    examples: '2GiB, 500MB or 1,000,000',
    minusOneIsUnlimited: true,
  });
  // Forgejo reads MAX_SIZE as a number of MiB; a unit (a Bellows extension) makes it bytes.
  const maxSizeBytes = section('attachment').byteSize('MAX_SIZE', {
    fallback: 2048 * MIB,
    fallbackText: '2048 MiB (the default)',
    examples: '2048 for MiB, 4GiB or 500MB',
    bareUnit: MIB,
  });

  return {
    configPath,
    warnings,
    server: {
      protocol,
      httpAddr,
      httpPort,
      rootUrl,
      appDataPath,
      certFile: certFile && absolute(certFile),
      keyFile: keyFile && absolute(keyFile),
      readHeaderTimeoutMs,
      readIdleTimeoutMs,
      ssh: readSshSettings(server, { rootUrl, httpAddr, appDataPath }),
    },
    database: {
      type: database.oneOf('DB_TYPE', ['sqlite3', 'postgres'] as const, 'sqlite3'),
      path: absolute(database.string('PATH', `${appDataPath}/bellows.db`)),
      host: database.string('HOST', '127.0.0.1:5432'),
      name: database.string('NAME', 'bellows'),
      user: database.string('USER', 'bellows'),
      passwd: database.string('PASSWD', ''),
      sslMode: database.oneOf('SSL_MODE', ['disable', 'require', 'verify-full'] as const, 'disable'),
    },
    repository: { root: absolute(section('repository').string('ROOT', `${appDataPath}/repositories`)) },
    storage: readStorageSettings(settings, appDataPath, absolute(section('storage').string('PATH', `${appDataPath}/storage`))),
    security: {
      secretKey: section('security').string('SECRET_KEY', ''),
      reverseProxyAuthenticationUser: section('security').string('REVERSE_PROXY_AUTHENTICATION_USER', 'X-WEBAUTH-USER'),
    },
    service: {
      enableReverseProxyAuthenticationApi: section('service').boolean('ENABLE_REVERSE_PROXY_AUTHENTICATION_API', false),
      allowCrossRepositoryDependencies: section('service').boolean('ALLOW_CROSS_REPOSITORY_DEPENDENCIES', true),
    },
    api: { defaultPagingNum: Math.min(defaultPagingNum, maxResponseItems), maxResponseItems },
    quota: {
      enabled: quota.boolean('ENABLED', true),
      defaultGroups: quota.list('DEFAULT_GROUPS'),
      defaultTotal,
      showNamesToOwners: quota.boolean('SHOW_NAMES_TO_OWNERS', false),
      warnAt: quota.percentList('WARN_AT', [80, 90, 100]),
      historyDays: quota.integer('HISTORY_DAYS', 400, 1, 36_500),
    },
    attachment: { maxSizeBytes },
    avatar: {
      maxFileSizeBytes: section('avatar').byteSize('MAX_FILE_SIZE', {
        fallback: 1024 * 1024,
        fallbackText: '1048576 bytes (the default)',
        examples: '1048576 or 2MiB',
      }),
    },
    actions: { artifactRetentionDays: section('actions').integer('ARTIFACT_RETENTION_DAYS', 90, 1, 36_500) },
    webhook: readWebhookSettings(section('webhook')),
    oauth2: {
      accessTokenExpirationSeconds: section('oauth2').integer('ACCESS_TOKEN_EXPIRATION_TIME', 3600, 1, 31_536_000),
      refreshTokenExpirationHours: section('oauth2').integer('REFRESH_TOKEN_EXPIRATION_TIME', 730, 1, 876_000),
    },
    session: readSessionSettings(section('session'), rootUrl),
    metrics: {
      enabled: section('metrics').boolean('ENABLED', false),
      token: section('metrics').string('TOKEN', ''),
      perOwnerQuota: section('metrics').boolean('PER_OWNER_QUOTA', false),
    },
  };
}

/** `{PROTOCOL}://{HTTP_ADDR}:{HTTP_PORT}/`, with an IPv6 address in brackets so that it is a URL. */
function defaultRootUrl(protocol: string, httpAddr: string, httpPort: number): string {
  const host = httpAddr.includes(':') && !httpAddr.startsWith('[') ? `[${httpAddr}]` : httpAddr;
  return `${protocol}://${host}:${httpPort}/`;
}

function normalizeRootUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('[server] ROOT_URL', `"${value}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('[server] ROOT_URL', `"${value}" must start with http:// or https://`);
  }
  return url.toString().endsWith('/') ? url.toString() : `${url.toString()}/`;
}
