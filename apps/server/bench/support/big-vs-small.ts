import { BenchServer } from './bench-server';
import { Target } from './http-client';
import { loadInWorker } from './load-worker';
import { LatencySummary, round, summarize } from './stats';

/**
 * The same read asked of two instances that differ only in size (10 000 owners
 * and 10, say): what the bigger instance adds to a request is the ratio of
 * their latencies, measured side by side in the same run.
 */
export interface BigVsSmallRead {
  /** What is read, in words (`page of 10 by size:all`). */
  endpoint: string;
  /** The path asked of the big instance. */
  path: string;
  big: LatencySummary;
  small: LatencySummary;
  /** big / small. */
  ratio: { p50: number; p99: number };
}

export interface SequentialSettings {
  warmup: number;
  sequential: number;
}

/** An instance a big-vs-small part asks: a running server and the token of the site admin it asks as. */
export interface AskedInstance {
  server: BenchServer;
  token: string;
}

/** Both instances asked in turn (big, small, big…), so the same background noise falls on both. */
export async function measureBigVsSmall<I extends AskedInstance>(
  endpoint: string,
  path: (instance: I) => string,
  instances: { big: I; small: I },
  settings: SequentialSettings,
): Promise<BigVsSmallRead> {
  const target = (label: 'big' | 'small'): Target => {
    const instance = instances[label];
    return { label, url: `${instance.server.apiUrl}${path(instance)}`, token: instance.token };
  };
  const { samples } = await loadInWorker({
    kind: 'sequential',
    targets: [target('big'), target('small')],
    warmup: settings.warmup,
    requests: settings.sequential,
  });
  const [big, small] = [summarize(samples.big), summarize(samples.small)];
  return {
    endpoint,
    path: path(instances.big),
    big,
    small,
    ratio: { p50: round(big.p50 / small.p50, 2), p99: round(big.p99 / small.p99, 2) },
  };
}

/** The detailed table a big-vs-small part prints: its heading lines, then a line per read with p50 and p99 side by side. */
export function formatBigVsSmallTable(heading: string[], readLabel: string, reads: BigVsSmallRead[]): string {
  const header = [readLabel, 'p50 big', 'p50 small', 'ratio', 'p99 big', 'p99 small', 'ratio'];
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const rows = reads.map((r) => [
    r.endpoint,
    ms(r.big.p50),
    ms(r.small.p50),
    `${r.ratio.p50.toFixed(2)}×`,
    ms(r.big.p99),
    ms(r.small.p99),
    `${r.ratio.p99.toFixed(2)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return ['', ...heading, line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ''].join('\n');
}
