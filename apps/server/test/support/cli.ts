import { writeFileSync } from 'fs';
import { join } from 'path';
import { main } from '../../src/cli/main';
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
    }),
  );
  return configFile;
}
