import { join } from 'path';
import { TestDatabase } from '@bellows/persistence-typeorm';

/**
 * The settings that serve on 127.0.0.1:`port` from a throw-away database and
 * data folder: what the test server, the bench's servers and a test that
 * restarts a server all start with.
 */
export function serverEnvOn(database: TestDatabase, dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    BELLOWS__SERVER__HTTP_ADDR: '127.0.0.1',
    BELLOWS__SERVER__HTTP_PORT: String(port),
    BELLOWS__SERVER__APP_DATA_PATH: dataDir,
    BELLOWS__DATABASE__DB_TYPE: database.options.type,
    BELLOWS__DATABASE__PATH: database.options.path || join(dataDir, 'bellows.db'),
    BELLOWS__DATABASE__HOST: database.options.host || '127.0.0.1:5432',
    BELLOWS__DATABASE__NAME: database.options.name,
    BELLOWS__DATABASE__USER: database.options.user,
  };
}
