// Compiled by test/types.test.mjs against the package's CommonJS declarations (index.d.ts):
// in a .cts file this import is a require(), so TypeScript resolves the `require` types.
import { InMemoryQuotaLimitStore, InMemoryQuotaUsageReader, QuotaEngine, type QuotaInfo } from '@bellows/domain';

const limits = new InMemoryQuotaLimitStore();
const engine = new QuotaEngine(new InMemoryQuotaUsageReader(), limits, { defaultGroups: [], defaultTotal: 100 });

export async function isOver(ownerId: number): Promise<boolean> {
  const info: QuotaInfo = await engine.info(ownerId);
  void info.used.size.git.LFS;
  return engine.check(ownerId, 'size:all');
}

// @ts-expect-error the defaults need a total
export const incomplete = new QuotaEngine(new InMemoryQuotaUsageReader(), limits, { defaultGroups: [] });
