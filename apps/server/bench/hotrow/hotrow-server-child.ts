import { loadConfig } from '../../src/config';
import { startServer } from '../../src/app/create-app';
import { createBenchUser } from '../support/bench-user';

/**
 * One instance of the hot-row bench: a `bellows web` of its own, on the
 * database and data folder the parent made and names in BELLOWS__* variables
 * (both instances get the same ones, as two replicas behind a proxy do). With
 * BENCH_HOTROW_USERS set, it makes that many users with a token each (only
 * the first instance does). It reports its URL (and the tokens) over IPC,
 * answers `recount` with the ledger's differences from a recount, and stops
 * when the parent says so or goes away.
 */
export interface HotrowInstanceInfo {
  url: string;
  /** The users made (empty on the second instance): name and token. */
  users: { name: string; token: string }[];
}

export interface HotrowRecountAnswer {
  differences: unknown[];
}

async function main(): Promise<void> {
  const app = await startServer(loadConfig({ configPath: process.env.BENCH_HOTROW_CONFIG ?? '', env: process.env }), {
    logger: ['error'],
  });
  const users: HotrowInstanceInfo['users'] = [];
  for (let i = 1; i <= Number(process.env.BENCH_HOTROW_USERS ?? 0); i++) {
    const { name, token } = await createBenchUser(app.db, `hot-${i}`, 'all');
    users.push({ name, token });
  }
  const stop = () => void app.close().finally(() => process.exit(0));
  process.on('message', (message) => {
    if (message === 'stop') stop();
    if (message === 'recount')
      void app.db.quotaRecount.differences().then((differences) => process.send?.({ differences } satisfies HotrowRecountAnswer));
  });
  process.on('disconnect', stop);
  process.send?.({ url: app.url, users } satisfies HotrowInstanceInfo);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
