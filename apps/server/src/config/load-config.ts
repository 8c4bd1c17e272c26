import { isAbsolute, resolve } from 'path';
import { BellowsConfig } from './config';
import { ConfigError } from './config-error';
import { formatDuration, parseDuration } from './duration';
import { applyEnvironment, lookup, RawSettings, readIniFile } from './raw-settings';

export const DEFAULT_CONFIG_PATH = './data/app.ini';

/** The longest duration a timeout setting takes. */
const DAY_MS = 24 * 3_600_000;

export interface LoadConfigOptions {
  /** `--config PATH`; else $BELLOWS_CONFIG; else ./data/app.ini. */
  configPath?: string;
  env?: NodeJS.ProcessEnv;
  /** Relative paths are resolved against this folder (default: the working directory). */
  cwd?: string;
}

/** A reader for one section that turns strings into checked values, naming the key on error. */
class SectionReader {
  constructor(private readonly settings: RawSettings, private readonly section: string) {}

  private keyName(key: string) {
    return `[${this.section}] ${key}`;
  }

  /** As in Forgejo, a key written with an empty value takes its default. */
  string(key: string, fallback: string): string {
    const value = lookup(this.settings, this.section, key);
    return value === undefined || value.trim() === '' ? fallback : value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    const value = this.string(key, fallback).trim();
    const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (!match) throw new ConfigError(this.keyName(key), `"${value}" is not one of ${allowed.join(', ')}`);
    return match;
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = lookup(this.settings, this.section, key);
    if (value === undefined) return fallback;
    const normalized = value.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
    if (['false', '0', 'no', 'off', ''].includes(normalized)) return false;
    throw new ConfigError(this.keyName(key), `"${value}" is not a boolean (true or false)`);
  }

  integer(key: string, fallback: number, min: number, max: number): number {
    const value = lookup(this.settings, this.section, key);
    if (value === undefined || value.trim() === '') return fallback;
    if (!/^-?\d+$/.test(value.trim())) throw new ConfigError(this.keyName(key), `"${value}" is not a whole number`);
    const parsed = Number(value.trim());
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      throw new ConfigError(this.keyName(key), `${value} is out of range (${min} to ${max})`);
    }
    return parsed;
  }

  /** A duration such as `30s`, `5m` or `1m30s` (see parseDuration), in milliseconds. */
  duration(key: string, fallbackMs: number, maxMs: number): number {
    const value = lookup(this.settings, this.section, key);
    if (value === undefined || value.trim() === '') return fallbackMs;
    const parsed = parseDuration(value);
    if (parsed === undefined) {
      throw new ConfigError(this.keyName(key), `"${value}" is not a duration (a number with a unit: 500ms, 30s, 5m, 1h; or 0)`);
    }
    if (parsed > maxMs) throw new ConfigError(this.keyName(key), `${value} is out of range (0 to ${formatDuration(maxMs)})`);
    return parsed;
  }

  list(key: string): string[] {
    return this.string(key, '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
  }
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
  const section = (name: string) => new SectionReader(settings, name);
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
  const defaultTotal = quotaDefault.integer('TOTAL', -1, -1, Number.MAX_SAFE_INTEGER);

  return {
    configPath,
    server: {
      protocol, httpAddr, httpPort, rootUrl, appDataPath,
      certFile: certFile && absolute(certFile),
      keyFile: keyFile && absolute(keyFile),
      readHeaderTimeoutMs, readIdleTimeoutMs,
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
    storage: { path: absolute(section('storage').string('PATH', `${appDataPath}/storage`)) },
    security: {
      secretKey: section('security').string('SECRET_KEY', ''),
      reverseProxyAuthenticationUser: section('security').string('REVERSE_PROXY_AUTHENTICATION_USER', 'X-WEBAUTH-USER'),
    },
    service: { enableReverseProxyAuthenticationApi: section('service').boolean('ENABLE_REVERSE_PROXY_AUTHENTICATION_API', false) },
    api: { defaultPagingNum: Math.min(defaultPagingNum, maxResponseItems), maxResponseItems },
    quota: {
      enabled: quota.boolean('ENABLED', true), defaultGroups: quota.list('DEFAULT_GROUPS'), defaultTotal,
      showNamesToOwners: quota.boolean('SHOW_NAMES_TO_OWNERS', false),
    },
    attachment: { maxSizeMiB: section('attachment').integer('MAX_SIZE', 2048, 0, 1024 * 1024) },
    actions: { artifactRetentionDays: section('actions').integer('ARTIFACT_RETENTION_DAYS', 90, 1, 36_500) },
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
