import { isDeepStrictEqual } from 'node:util';
import { resolve } from 'node:path';
import { loadConfig, StorageConfig, StorageKind, StorageSettings } from '../../config';
import { openBlobStorage, OpenedBlobStorage } from '../../app/ports/storage.ports';
import { describeStorage, placeOf } from '../../app/storage/blob-routes';
import { MigratedBlob, migrateBlobs } from '../../modules/storage-migration/migrate-blobs';
import { CommandError, UsageError } from '../command';
import { loadCommandConfig } from '../command-config';
import { OptionValues, parseOptions, requireOption } from '../parse-options';

/** `--type` names (Forgejo's, plus avatars) → the kind, its section and where `--to` forces the type. */
const TYPES: Record<string, { kind: StorageKind; section: string; typeKeys: string[] }> = {
  attachments: { kind: 'attachments', section: 'ATTACHMENT', typeKeys: ['ATTACHMENT__STORAGE_TYPE'] },
  lfs: { kind: 'lfs', section: 'LFS', typeKeys: ['LFS__STORAGE_TYPE'] },
  packages: { kind: 'packages', section: 'PACKAGES', typeKeys: ['PACKAGES__STORAGE_TYPE'] },
  artifacts: { kind: 'actions', section: 'ACTIONS_ARTIFACTS', typeKeys: ['ACTIONS_ARTIFACTS__STORAGE_TYPE'] },
  avatars: { kind: 'avatars', section: 'AVATAR', typeKeys: ['AVATAR__STORAGE_TYPE', 'PICTURE__AVATAR_STORAGE_TYPE'] },
};

const MINIO_FLAGS = {
  'minio-endpoint': 'MINIO_ENDPOINT',
  'minio-access-key-id': 'MINIO_ACCESS_KEY_ID',
  'minio-secret-access-key': 'MINIO_SECRET_ACCESS_KEY',
  'minio-bucket': 'MINIO_BUCKET',
  'minio-location': 'MINIO_LOCATION',
  'minio-base-path': 'MINIO_BASE_PATH',
} as const;

/**
 * `bellows admin storage migrate --type attachments|lfs|packages|artifacts|avatars|all --to minio|local`:
 * copies every blob of the kind from where the configuration keeps it now to the
 * other kind of store, as Forgejo's `migrate-storage`. The target is the kind's
 * settings from the configuration with its type switched (`--to local`: the
 * kind's PATH, else `[storage] PATH/<kind>`; `--to minio`: its MINIO_* keys),
 * overridden by `--path` or `--minio-*` flags. Each copy is read back and its
 * sha256 and size compared; blobs already at the target with the same size and
 * sha256 are skipped, so running it again resumes. One line per blob, a summary
 * per kind; exit code 1 when any blob failed. Nothing is deleted at the source:
 * switch the configuration once it succeeds (see docs/operations.md).
 */
export async function adminStorageMigrate(args: string[], configPath: string | undefined): Promise<void> {
  const values = parseOptions(args, {
    type: { type: 'string' },
    to: { type: 'string' },
    path: { type: 'string' },
    ...Object.fromEntries(Object.keys(MINIO_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
    'minio-use-ssl': { type: 'boolean' },
    'minio-insecure-skip-verify': { type: 'boolean' },
  });
  const typeName = requireOption(values, 'type');
  const to = requireOption(values, 'to');
  if (to !== 'minio' && to !== 'local') throw new UsageError(`--to must be minio or local, not "${to}"`);
  if (typeName !== 'all' && !(typeName in TYPES)) {
    throw new UsageError(`--type must be one of ${[...Object.keys(TYPES), 'all'].join(', ')}, not "${typeName}"`);
  }
  if (to === 'local' && Object.keys(MINIO_FLAGS).some((flag) => values[flag] !== undefined)) {
    throw new UsageError('--minio-* options go with --to minio');
  }
  if (to === 'minio' && values.path !== undefined) throw new UsageError('--path goes with --to local');

  const config = loadCommandConfig(configPath);
  const names = typeName === 'all' ? Object.keys(TYPES) : [typeName];
  let failed = 0;
  for (const name of names) {
    const { kind } = TYPES[name];
    const target = targetSettings(configPath, name, to, values);
    const from = placeOf(kind, config.storage.kinds[kind], config.storage.path).place;
    const into = placeOf(kind, target, config.storage.path).place;
    if (isDeepStrictEqual(from, into)) {
      if (typeName === 'all') {
        process.stdout.write(`${name}: already stored in ${describeStorage(target)}, nothing to copy\n`);
        continue;
      }
      throw new CommandError(`${name} are already stored in ${describeStorage(target)}: nothing to copy`);
    }
    failed += await migrateKind(config.storage, kind, name, target);
  }
  if (failed > 0) throw new CommandError(`${failed} blob(s) could not be copied; run the command again to retry them`);
}

/** Copies one kind; answers how many blobs failed. */
async function migrateKind(storage: StorageConfig, kind: StorageKind, name: string, target: StorageSettings): Promise<number> {
  const opened: OpenedBlobStorage[] = [];
  try {
    const source = await openBlobStorage(storage);
    opened.push(source);
    const destination = await openBlobStorage({ ...storage, kinds: { ...storage.kinds, [kind]: target } });
    opened.push(destination);
    const counts = { copied: 0, 'already-there': 0, failed: 0 };
    for await (const blob of migrateBlobs(source.storage, destination.storage, kind)) {
      process.stdout.write(`${describeBlob(blob)}\n`);
      counts[blob.outcome === 'recopied' ? 'copied' : blob.outcome]++;
    }
    const where = `${describeStorage(storage.kinds[kind])} → ${describeStorage(target)}`;
    process.stdout.write(
      `${name} (${where}): ${counts.copied} copied, ${counts['already-there']} already there, ${counts.failed} failed\n`,
    );
    return counts.failed;
  } finally {
    opened.forEach((store) => store.close());
  }
}

function describeBlob(blob: MigratedBlob): string {
  switch (blob.outcome) {
    case 'copied':
      return `copied ${blob.key} (${blob.size} bytes, sha256 ${blob.sha256})`;
    case 'recopied':
      return `copied ${blob.key} (${blob.size} bytes, sha256 ${blob.sha256}) again: the target held another content`;
    case 'already-there':
      return `already there ${blob.key} (${blob.size} bytes, sha256 ${blob.sha256})`;
    case 'failed':
      return `FAILED ${blob.key} (${blob.size} bytes): ${blob.problem}`;
  }
}

/**
 * The kind's settings with its type switched to `to`: the configuration read
 * again with STORAGE_TYPE set on `[storage]` (so a kind inherits its MINIO_* keys)
 * and, when that is not enough, on the kind's section; then the flags on top.
 */
function targetSettings(configPath: string | undefined, name: string, to: 'local' | 'minio', values: OptionValues): StorageSettings {
  const { kind, section, typeKeys } = TYPES[name];
  const flags: Record<string, string> = {};
  for (const [flag, key] of Object.entries(MINIO_FLAGS)) {
    const value = values[flag];
    // Given to both sections, so that reading the file again never misses an endpoint or bucket the flags supply.
    if (typeof value === 'string') flags[`BELLOWS__STORAGE__${key}`] = flags[`BELLOWS__${section}__${key}`] = value;
  }
  const reread = (forceSection: boolean) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...flags, BELLOWS__STORAGE__STORAGE_TYPE: to };
    if (forceSection) for (const key of typeKeys) env[`BELLOWS__${key}`] = to;
    return loadConfig({ configPath, env }).storage.kinds[kind];
  };
  let settings = reread(false);
  if (settings.type !== to) settings = reread(true);
  if (settings.type === 'local') {
    return typeof values.path === 'string' ? { ...settings, path: resolve(values.path) } : settings;
  }
  if (settings.type !== 'minio') throw new CommandError(`cannot make ${name} settings of type ${to}`);
  return {
    ...settings,
    ...(typeof values['minio-bucket'] === 'string' ? { bucket: values['minio-bucket'] } : {}),
    ...(typeof values['minio-base-path'] === 'string' ? { basePath: withSlash(values['minio-base-path']) } : {}),
    ...(values['minio-use-ssl'] !== undefined ? { useSsl: values['minio-use-ssl'] === true } : {}),
    ...(values['minio-insecure-skip-verify'] !== undefined ? { insecureSkipVerify: values['minio-insecure-skip-verify'] === true } : {}),
    serveDirect: false,
  };
}

function withSlash(basePath: string): string {
  return basePath === '' || basePath.endsWith('/') ? basePath : `${basePath}/`;
}
