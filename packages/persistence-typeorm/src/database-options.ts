/** How to reach the database: the `[database]` section of the configuration. */
export interface DatabaseOptions {
  type: 'sqlite3' | 'postgres';
  /** SQLite file path. */
  path: string;
  /** PostgreSQL `host:port`. */
  host: string;
  name: string;
  user: string;
  password: string;
  sslMode: 'disable' | 'require' | 'verify-full';
}
