import { randomUUID } from 'crypto';
import { Client, ClientConfig } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { ChangedArea, ChangeVersions } from './change-versions';

/** The channel every Bellows process on one database listens on. */
const CHANNEL = 'bellows_changes';

/**
 * Carries the read caches' change counters between processes that share one
 * PostgreSQL database: every area a process raises after a commit is sent
 * with NOTIFY, and every process LISTENs and raises the areas the others
 * send. A write's own request is answered only after its NOTIFY has gone out,
 * so another process serves a stale entry at most for the instant the
 * notification is on its way (docs/performance.md).
 *
 * One dedicated connection per process listens and sends. Sending never takes
 * a connection from the pool: a commit waits for its sending, and commits
 * waiting on a pool their own transactions hold would wait forever.
 */
export class PostgresChangeFeed {
  /** Tells this process's notifications from the others'. */
  private readonly origin = randomUUID();

  private constructor(private readonly listener: Client) {}

  static async start(dataSource: DataSource): Promise<PostgresChangeFeed> {
    const listener = new Client(listenerConfig(dataSource.options as PostgresConnectionOptions));
    await listener.connect();
    const feed = new PostgresChangeFeed(listener);
    const versions = ChangeVersions.of(dataSource);
    listener.on('notification', (message) => feed.receive(versions, message.payload));
    // A lost listener connection would leave this process's caches blind to other processes: it must not go unnoticed.
    listener.on('error', (error) => versions.forgetEverything(`the change feed's connection failed: ${error.message}`));
    await listener.query(`LISTEN ${CHANNEL}`);
    versions.publishTo((areas) => feed.send(areas));
    return feed;
  }

  /** Sends what is still queued, then closes the connection; changes noted after this go nowhere (the process is stopping). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.sending;
    await this.listener.end().catch(() => undefined);
  }

  /** One notification after another on the one connection (pg would queue them too, but warns that it will stop). */
  private sending: Promise<unknown> = Promise.resolve();

  private stopped = false;

  private send(areas: readonly ChangedArea[]): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const sent = this.sending.then(() => this.listener.query('SELECT pg_notify($1, $2)', [CHANNEL, `${this.origin} ${areas.join(' ')}`]));
    this.sending = sent.catch(() => undefined);
    return sent.then(() => undefined);
  }

  private receive(versions: ChangeVersions, payload: string | undefined): void {
    const [origin, ...areas] = (payload ?? '').split(' ');
    if (origin === this.origin) return;
    versions.raiseFromElsewhere(areas as ChangedArea[]);
  }
}

function listenerConfig(options: PostgresConnectionOptions): ClientConfig {
  return {
    host: options.host,
    port: options.port,
    database: options.database,
    user: options.username,
    password: typeof options.password === 'string' ? options.password : undefined,
    ssl: options.ssl as ClientConfig['ssl'],
    application_name: 'bellows change feed',
  };
}
