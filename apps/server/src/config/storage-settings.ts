import { isAbsolute, join } from 'path';
import { ConfigError } from './config-error';
import { lookup, RawSettings } from './raw-settings';

/**
 * The kinds of blobs, each named by the first part of its keys (`attachments/ab/cd/<uuid>`),
 * each with its own storage settings as in Forgejo.
 */
export const STORAGE_KINDS = ['attachments', 'lfs', 'packages', 'actions', 'avatars'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

export interface LocalStorageSettings {
  type: 'local';
  /** The folder holding the kind's blobs (for `[storage]` itself: the folder holding every kind's folder). */
  path: string;
  serveDirect: boolean;
}

export interface MinioStorageSettings {
  type: 'minio';
  /** `host:port`, without a scheme (MINIO_USE_SSL says which). */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  location: string;
  /** The prefix of the kind's object names, `attachments/` by default; ends with `/` unless empty. */
  basePath: string;
  useSsl: boolean;
  insecureSkipVerify: boolean;
  /** Downloads answer a redirect to a short-lived presigned URL instead of streaming through Bellows. */
  serveDirect: boolean;
}

export type StorageSettings = LocalStorageSettings | MinioStorageSettings;

export interface StorageConfig {
  /** `[storage] PATH`: where local blobs live unless a kind says otherwise. */
  path: string;
  /** `[storage]` itself: the store of keys of no kind. */
  default: StorageSettings;
  /** Each kind's store, after its section's overrides. */
  kinds: Record<StorageKind, StorageSettings>;
}

const STORAGE_TYPES = ['local', 'minio'] as const;

/**
 * Forgejo's section of each kind, the storage name it looks for in `[storage.NAME]`,
 * and (avatars) a type given elsewhere. Bellows' names are its key namespaces, so the
 * artifacts' default folder and prefix are `actions/` where Forgejo's are `actions_artifacts/`.
 */
const KIND_SECTIONS: Record<StorageKind, { section: string; type?: { section: string; key: string } }> = {
  attachments: { section: 'attachment' },
  lfs: { section: 'lfs' },
  packages: { section: 'packages' },
  actions: { section: 'actions.artifacts' },
  avatars: { section: 'avatar', type: { section: 'picture', key: 'AVATAR_STORAGE_TYPE' } },
};

/** Which section a kind's settings come from, as Forgejo's getStorageTargetSection decides. */
type Target =
  | { from: 'storage' } // [storage] itself
  | { from: 'typed'; section: string } // [storage.TYPE], named by a STORAGE_TYPE
  | { from: 'named'; section: string } // [storage.NAME], NAME the kind's storage name
  | { from: 'own'; section: string }; // the kind's own section, naming local or minio with no [storage.local|minio]

/**
 * Reads `[storage]` and the sections of each kind, following Forgejo's rules
 * (modules/setting/storage.go):
 *
 * - A kind's target section is, in order: its own section when that says
 *   `STORAGE_TYPE = local|minio` and no `[storage.local|minio]` exists; else
 *   `[storage.TYPE]` for a `STORAGE_TYPE = TYPE` naming such a section (any name:
 *   `STORAGE_TYPE = my-s3` with `[storage.my-s3]`); else `[storage.NAME]` (NAME the
 *   kind's name: `[storage.attachments]`); else `[storage]`.
 * - The kind's own section (or, failing it, `[storage.NAME]`) then overrides
 *   `PATH`, `MINIO_BUCKET`, `MINIO_BASE_PATH` and `SERVE_DIRECT` of the target.
 * - With `[storage]` as target a kind gets its own folder `PATH/NAME` and prefix
 *   `MINIO_BASE_PATH` + `NAME/`; a named target's PATH and MINIO_BASE_PATH are the kind's own.
 * - A section `[a.b]` inherits the keys it lacks from `[a]` (`[storage.minio]` from `[storage]`).
 */
export function readStorageSettings(settings: RawSettings, appDataPath: string, storagePath: string): StorageConfig {
  const has = (section: string) => settings.has(section.toUpperCase());
  /** A key of a section or, failing it, of an enclosing one; empty counts as unset, as in Forgejo. */
  const value = (section: string, key: string): string | undefined => {
    const parts = section.split('.');
    for (let n = parts.length; n > 0; n--) {
      const found = lookup(settings, parts.slice(0, n).join('.'), key);
      if (found !== undefined && found.trim() !== '') return found.trim();
    }
    return undefined;
  };
  const own = (section: string, key: string): string | undefined => {
    const found = lookup(settings, section, key);
    return found === undefined || found.trim() === '' ? undefined : found.trim();
  };
  const flag = (section: string, key: string, found: string | undefined, fallback: boolean): boolean => {
    if (found === undefined) return fallback;
    const normalized = found.toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
    if (['false', '0', 'no', 'off'].includes(normalized)) return false;
    throw new ConfigError(`[${section}] ${key}`, `"${found}" is not a boolean (true or false)`);
  };
  const absolute = (path: string) => (isAbsolute(path) ? path : join(appDataPath, path));
  const isType = (type: string | undefined): type is 'local' | 'minio' =>
    type !== undefined && (STORAGE_TYPES as readonly string[]).includes(type.toLowerCase());

  const defaultType = own('storage', 'STORAGE_TYPE') ?? 'local';
  if (!isType(defaultType)) {
    throw new ConfigError('[storage] STORAGE_TYPE', `"${defaultType}" is not one of ${STORAGE_TYPES.join(', ')}`);
  }

  /** `[storage.TYPE]` as the target of a STORAGE_TYPE naming it, or undefined when there is none and TYPE is local or minio. */
  const typedTarget = (type: string, namedBy: string): Target | undefined => {
    const section = `storage.${type}`;
    if (!has(section)) {
      if (isType(type)) return undefined;
      throw new ConfigError(
        namedBy,
        `"${type}" is neither local nor minio, and there is no [${section}] section to take the settings from`,
      );
    }
    const inner = value(section, 'STORAGE_TYPE') ?? type;
    if (!isType(inner)) {
      throw new ConfigError(`[${section}] STORAGE_TYPE`, `"${inner}" is not one of ${STORAGE_TYPES.join(', ')}`);
    }
    return { from: 'typed', section };
  };

  const targetOf = (name: string, section: string | undefined, givenType: { type: string; namedBy: string } | undefined): Target => {
    let type = givenType;
    if (!type && section && own(section, 'STORAGE_TYPE') !== undefined) {
      type = { type: own(section, 'STORAGE_TYPE')!, namedBy: `[${section}] STORAGE_TYPE` };
      if (isType(type.type) && !has(`storage.${type.type}`)) return { from: 'own', section };
    }
    if (type) {
      const typed = typedTarget(type.type, type.namedBy);
      if (typed) return typed;
    }
    const named = `storage.${name}`;
    if (has(named)) {
      const namedType = own(named, 'STORAGE_TYPE');
      if (namedType === undefined) return own(named, 'PATH') === undefined ? { from: 'storage' } : { from: 'named', section: named };
      return typedTarget(namedType, `[${named}] STORAGE_TYPE`) ?? { from: 'named', section: named };
    }
    return { from: 'storage' };
  };

  const targetSection = (target: Target) => (target.from === 'storage' ? 'storage' : target.section);
  const targetType = (target: Target): 'local' | 'minio' => {
    const section = targetSection(target);
    const type =
      target.from === 'storage' ? defaultType : (value(section, 'STORAGE_TYPE') ?? (target.from === 'typed' ? section.slice(8) : 'local'));
    if (!isType(type)) throw new ConfigError(`[${section}] STORAGE_TYPE`, `"${type}" is not one of ${STORAGE_TYPES.join(', ')}`);
    return type.toLowerCase() as 'local' | 'minio';
  };

  /** The settings of one kind (`name`), or of `[storage]` itself when `name` is undefined. */
  const resolve = (name: string | undefined, target: Target, override: string | undefined): StorageSettings => {
    const section = targetSection(target);
    const perKind = name !== undefined && target.from === 'storage';
    if (targetType(target) === 'local') {
      const targetPath = target.from === 'storage' ? storagePath : value(section, 'PATH');
      // Forgejo falls back to APP_DATA_PATH/NAME; Bellows keeps every kind below [storage] PATH.
      const fallback =
        targetPath === undefined ? join(storagePath, name ?? '') : perKind ? join(absolute(targetPath), name) : absolute(targetPath);
      const overridden = override && own(override, 'PATH');
      const path = overridden
        ? isAbsolute(overridden)
          ? overridden
          : join(targetPath === undefined ? appDataPath : absolute(targetPath), overridden)
        : fallback;
      return { type: 'local', path, serveDirect: false };
    }
    // A kind's own section names its own store: [storage]'s keys are not inherited, as in Forgejo.
    const defaults = target.from !== 'own';
    const key = (k: string) => value(section, k);
    const endpoint = key('MINIO_ENDPOINT') ?? (defaults ? 'localhost:9000' : undefined);
    let bucket = key('MINIO_BUCKET') ?? (defaults ? 'gitea' : undefined);
    const targetBase = key('MINIO_BASE_PATH') ?? '';
    let basePath =
      targetBase === '' ? (name === undefined ? '' : `${name}/`) : perKind ? `${targetBase.replace(/\/+$/, '')}/${name}/` : targetBase;
    let serveDirect = flag(section, 'SERVE_DIRECT', key('SERVE_DIRECT'), false);
    if (override) {
      serveDirect = flag(override, 'SERVE_DIRECT', own(override, 'SERVE_DIRECT'), serveDirect);
      basePath = own(override, 'MINIO_BASE_PATH') ?? basePath;
      bucket = own(override, 'MINIO_BUCKET') ?? bucket;
    }
    const where = override && own(override, 'MINIO_BUCKET') ? `[${override}]` : `[${section}]`;
    if (!endpoint) throw new ConfigError(`[${section}] MINIO_ENDPOINT`, 'must be set (host:port) when STORAGE_TYPE = minio');
    if (!bucket) throw new ConfigError(`${where} MINIO_BUCKET`, 'must be set when STORAGE_TYPE = minio');
    if (/^[a-z]+:\/\//i.test(endpoint)) {
      throw new ConfigError(
        `[${section}] MINIO_ENDPOINT`,
        `"${endpoint}" must be host:port without a scheme (MINIO_USE_SSL chooses https)`,
      );
    }
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
      throw new ConfigError(`${where} MINIO_BUCKET`, `"${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, "." or "-")`);
    }
    return {
      type: 'minio',
      endpoint,
      accessKeyId: key('MINIO_ACCESS_KEY_ID') ?? '',
      secretAccessKey: key('MINIO_SECRET_ACCESS_KEY') ?? '',
      bucket,
      location: key('MINIO_LOCATION') ?? 'us-east-1',
      basePath: basePath === '' || basePath.endsWith('/') ? basePath : `${basePath}/`,
      useSsl: flag(section, 'MINIO_USE_SSL', key('MINIO_USE_SSL'), false),
      insecureSkipVerify: flag(section, 'MINIO_INSECURE_SKIP_VERIFY', key('MINIO_INSECURE_SKIP_VERIFY'), false),
      serveDirect,
    };
  };

  const kinds = {} as Record<StorageKind, StorageSettings>;
  for (const kind of STORAGE_KINDS) {
    const { section: kindSection, type } = KIND_SECTIONS[kind];
    const section = has(kindSection) ? kindSection : undefined;
    const givenType = type && own(type.section, type.key);
    const target = targetOf(kind, section, givenType ? { type: givenType, namedBy: `[${type!.section}] ${type!.key}` } : undefined);
    // The kind's section overrides the target, else [storage.NAME] does (unless it is the target).
    const override =
      target.from === 'own' ? undefined : (section ?? (target.from !== 'named' && has(`storage.${kind}`) ? `storage.${kind}` : undefined));
    kinds[kind] = resolve(kind, target, override);
  }
  return { path: storagePath, default: resolve(undefined, { from: 'storage' }, undefined), kinds };
}
