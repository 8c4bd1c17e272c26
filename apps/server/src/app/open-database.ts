import { Database } from '@bellows/persistence-typeorm';
import { BellowsConfig } from '../config';

/** Opens (and migrates) the database named by the `[database]` section: one way in for the server and the CLI. */
export function openDatabase(config: BellowsConfig): Promise<Database> {
  const { type, path, host, name, user, passwd, sslMode } = config.database;
  return Database.open({ type, path, host, name, user, password: passwd, sslMode });
}
