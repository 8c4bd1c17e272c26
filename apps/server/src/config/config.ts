import type { SshSettings } from './ssh-settings';
import { SessionSettings } from './session-settings';
import type { StorageConfig } from './storage-settings';
import type { WebhookSettings } from './webhook-settings';

/** The typed configuration, one field per INI key (see docs/configuration.md). */
export interface BellowsConfig {
  /** The INI file the configuration was read from (it may not exist). */
  configPath: string;
  /**
   * Values read otherwise than written, one sentence each naming the key, the
   * value given and the value used (a size Forgejo would also have replaced,
   * such as `TOTAL = hello`). Never fatal: the commands print them at start.
   */
  warnings: string[];
  server: {
    protocol: 'http' | 'https';
    httpAddr: string;
    httpPort: number;
    /** Always ends with '/'. */
    rootUrl: string;
    appDataPath: string;
    certFile: string;
    keyFile: string;
    /** [server] READ_HEADER_TIMEOUT: a request's headers must arrive within this (0: no limit). */
    readHeaderTimeoutMs: number;
    /** [server] READ_IDLE_TIMEOUT: the longest pause in a request body before 408 (0: no limit). */
    readIdleTimeoutMs: number;
    /** The built-in SSH server (git over SSH). */
    ssh: SshSettings;
  };
  database: {
    type: 'sqlite3' | 'postgres';
    path: string;
    host: string;
    name: string;
    user: string;
    passwd: string;
    sslMode: 'disable' | 'require' | 'verify-full';
  };
  repository: { root: string };
  /** `[storage]` and each kind's section (`[attachment]`, `[lfs]`, `[packages]`, `[actions.artifacts]`, `[avatar]`). */
  storage: StorageConfig;
  security: {
    /** Empty until `ensureSecretKey` fills it. */
    secretKey: string;
    reverseProxyAuthenticationUser: string;
  };
  service: {
    enableReverseProxyAuthenticationApi: boolean;
    /** `ALLOW_CROSS_REPOSITORY_DEPENDENCIES`: issues may depend on issues of other repositories. */
    allowCrossRepositoryDependencies: boolean;
  };
  api: { defaultPagingNum: number; maxResponseItems: number };
  quota: {
    enabled: boolean;
    defaultGroups: string[];
    defaultTotal: number;
    /** [quota] SHOW_NAMES_TO_OWNERS: rule and group names on /user/quota and /orgs/{org}/quota for everyone, not only site admins. */
    showNamesToOwners: boolean;
    /** [quota] WARN_AT: percents of a rule's limit whose upward crossing warns the owner, ascending, each 1..100 (default 80,90,100). */
    warnAt: number[];
    /** [quota] HISTORY_DAYS: how many days of daily usage snapshots are kept (default 400). */
    historyDays: number;
  };
  /** `[attachment] MAX_SIZE`: a number of MiB, or a size with a unit. */
  attachment: { maxSizeBytes: number };
  /** `[avatar] MAX_FILE_SIZE`: the largest avatar image accepted, in bytes (a unit may be given). */
  avatar: { maxFileSizeBytes: number };
  actions: { artifactRetentionDays: number };
  /** `[webhook]`: delivery timeout, allowed hosts, TLS, retries. */
  webhook: WebhookSettings;
  /** `[oauth2]`: lifetimes of the OAuth2 provider's tokens. */
  oauth2: { accessTokenExpirationSeconds: number; refreshTokenExpirationHours: number };
  /** `[metrics]`: the Prometheus endpoint `{ROOT_URL}metrics`, as Forgejo's. */
  /** `[session]`: the browser sign-in's cookie (modules/web-sessions). */
  session: SessionSettings;
  metrics: {
    enabled: boolean;
    /** A bearer token scrapers must send; empty: none asked. */
    token: string;
    /** Per-owner quota series (one label per owner); off by default for cardinality. */
    perOwnerQuota: boolean;
  };
}
