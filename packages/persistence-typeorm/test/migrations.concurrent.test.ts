import { randomBytes } from 'crypto';
import { Client } from 'pg';
import { Database } from '../src/database';
import { MIGRATIONS } from '../src/migrations';

const admin = () =>
  new Client({ host: '127.0.0.1', port: 5432, user: process.env.BELLOWS_TEST_PG_USER ?? 'postgres', database: 'postgres' });

/** Instances starting at once on a fresh PostgreSQL database (issue 15): one migrates, the others wait and find it done. */
describe('migrations on PostgreSQL, several processes at once', () => {
  const name = `bellows_migrate_${Date.now()}_${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('leave every migration run once, and every opener working', async () => {
    const options = {
      type: 'postgres' as const,
      path: '',
      host: '127.0.0.1:5432',
      name,
      user: 'postgres',
      password: '',
      sslMode: 'disable' as const,
    };
    const opened = await Promise.all([Database.open(options), Database.open(options), Database.open(options)]);
    try {
      const [{ n }] = await opened[0].dataSource.query('SELECT COUNT(*) AS n FROM migrations');
      expect(Number(n)).toBe(MIGRATIONS.length);
      for (const db of opened) await db.ping();
    } finally {
      for (const db of opened) await db.close();
    }
  });
});
