import { writeFileSync } from 'fs';
import { join } from 'path';
import { main } from '../../src/cli/main';
import type { StorageConfig } from '../../src/config';
import { TestServer } from './test-server';
import { iniText } from './ini-text';

export interface CliResult {
  code: number | 'serving';
  stdout: string;
  stderr: string;
}

/** Runs `bellows …` in this process, as a user would type it, and captures what it prints. */
export async function bellows(...argv: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    const code = await main(argv);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/**
 * An INI file pointing the command line at a running test server's data folder
 * and database, as an operator's app.ini would; pass it with `--config`.
 */
export function writeCliConfig(server: TestServer): string {
  const { database } = server.config;
  const configFile = join(server.dataDir, 'cli.ini');
  writeFileSync(
    configFile,
    iniText({
      server: { APP_DATA_PATH: server.dataDir },
      repository: { ROOT: server.config.repository.root },
      database: {
        DB_TYPE: database.type,
        PATH: database.path,
        HOST: database.host,
        NAME: database.name,
        USER: database.user,
        PASSWD: database.passwd,
      },
      storage: storageSection(server.config.storage),
    }),
  );
  return configFile;
}

/** `[storage]` as the server has it, so that commands see the same blobs (its object store, when it has one). */
function storageSection(storage: StorageConfig): Record<string, string> {
  const settings = storage.default;
  if (settings.type === 'local') return { PATH: storage.path };
  return {
    PATH: storage.path,
    STORAGE_TYPE: 'minio',
    MINIO_ENDPOINT: settings.endpoint,
    MINIO_ACCESS_KEY_ID: settings.accessKeyId,
    MINIO_SECRET_ACCESS_KEY: settings.secretAccessKey,
    MINIO_BUCKET: settings.bucket,
    MINIO_LOCATION: settings.location,
    MINIO_BASE_PATH: settings.basePath,
    MINIO_USE_SSL: String(settings.useSsl),
  };
}
