import type { QuotaBenchResult } from './quota-bench';

/** The human-readable table of one engine's quota figures. */
export function formatQuotaTable(result: QuotaBenchResult): string {
  const header = ['endpoint', 'p50 big', 'p50 small', 'ratio', 'p99 big', 'p99 small', 'ratio', 'rps big', 'rps small'];
  const rows = result.endpoints.map((e) => [
    `GET ${e.path}`,
    ms(e.big.p50),
    ms(e.small.p50),
    ratio(e.ratio.p50),
    ms(e.big.p99),
    ms(e.small.p99),
    ratio(e.ratio.p99),
    String(e.requestsPerSecond.big),
    String(e.requestsPerSecond.small),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const { big, small } = result.seeded;
  return [
    '',
    `quota bench on ${result.engine} (${result.machine.cpus} CPUs, Node ${result.machine.node})`,
    `big owner: ${big.objects} objects (${big.attachments} attachments, ${big.packageFiles} package files, ${big.repositories} repositories); small owner: ${small.objects} objects`,
    `${result.settings.sequential} sequential requests per owner after ${result.settings.warmup} warm-up; rps with ${result.settings.clients} concurrent clients for up to ${result.settings.concurrentSeconds} s`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    `ratio goal ≤ ${result.ratioGoal}: ${result.withinGoal ? 'met' : 'NOT met'}`,
    '',
  ].join('\n');
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

function ratio(value: number): string {
  return `${value.toFixed(2)}×`;
}
