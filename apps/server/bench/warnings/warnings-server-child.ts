import { QuotaGroup, QuotaRule } from '@bellows/domain';
import { TestEngine } from '@bellows/persistence-typeorm';
import { QuotaWarningWorker } from '../../src/modules/quota-warnings/quota-warning-worker';
import { startBenchServer } from '../support/bench-server';
import { createBenchUser } from '../support/bench-user';

/**
 * One server of the warnings bench, in a process of its own: a throw-away
 * database of BENCH_WARNINGS_ENGINE, `[quota] WARN_AT` from BENCH_WARNINGS_WARN_AT
 * ('' = warnings off), and BENCH_WARNINGS_USERS users in a group whose one rule
 * (100 GiB over size:all) the uploads never come near. Reports its URL and the
 * tokens over IPC; answers `settle` once the quota outbox is drained, with how
 * many events were recorded; stops when told or when the parent goes.
 */
export interface WarningsServerInfo {
  url: string;
  users: { name: string; token: string }[];
}

export interface WarningsSettled {
  events: number;
  outboxRows: number;
}

async function main(): Promise<void> {
  const server = await startBenchServer(process.env.BENCH_WARNINGS_ENGINE as TestEngine, {
    QUOTA__WARN_AT: process.env.BENCH_WARNINGS_WARN_AT ?? '',
  });
  const db = server.app.db;
  const rule = QuotaRule.create({ name: 'roomy', limit: 100 * 2 ** 30, subjects: ['size:all'] });
  await db.quotaLimits.createGroup(QuotaGroup.create('plan', [rule]));
  const users: WarningsServerInfo['users'] = [];
  for (let i = 1; i <= Number(process.env.BENCH_WARNINGS_USERS ?? 1); i++) {
    const user = await createBenchUser(db, `up-${i}`, 'all');
    await db.quotaLimits.assign(user.owner.id, 'plan');
    users.push({ name: user.name, token: user.token });
  }
  const stop = () => void server.close().finally(() => process.exit(0));
  process.on('message', (message) => {
    if (message === 'stop') stop();
    if (message === 'settle')
      void (async () => {
        await server.app.app.get(QuotaWarningWorker).idle();
        const [, events] = await db.quotaWarnings.listEvents({}, 0, 1);
        const [{ n }]: { n: number | string }[] = await db.dataSource.query('SELECT COUNT(*) AS n FROM quota_owner_outbox');
        process.send?.({ events, outboxRows: Number(n) } satisfies WarningsSettled);
      })();
  });
  process.on('disconnect', stop);
  process.send?.({ url: server.app.url, users } satisfies WarningsServerInfo);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
