import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { BenchContext, BenchPart, SummaryRow } from './bench-part';
import { formatSummaryMarkdown, formatSummaryTable } from './support/summary';

/** The order parts run in when they are all selected; a part not named here runs after these, by name. */
const ORDER = ['reads', 'quota', 'writes', 'uploads', 'git'];

/** Every `bench/<folder>/<name>-bench.js` that exports a BenchPart. */
function discoverParts(): BenchPart[] {
  const parts: BenchPart[] = [];
  for (const folder of readdirSync(__dirname, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(join(__dirname, folder.name))) {
      if (!file.endsWith('-bench.js')) continue;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported: Record<string, unknown> = require(join(__dirname, folder.name, file));
      parts.push(...Object.values(exported).filter(isBenchPart));
    }
  }
  const rank = (part: BenchPart) => (ORDER.includes(part.name) ? ORDER.indexOf(part.name) : ORDER.length);
  return parts.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

function isBenchPart(value: unknown): value is BenchPart {
  const part = value as BenchPart;
  return typeof part === 'object' && part !== null && typeof part.name === 'string' && typeof part.run === 'function';
}

/** `BENCH_ONLY=quota` (comma-separated names) runs only those parts. */
function selectedParts(all: BenchPart[]): BenchPart[] {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!only?.length) return all;
  const unknown = only.filter((name) => !all.some((part) => part.name === name));
  if (unknown.length)
    throw new Error(`BENCH_ONLY names unknown parts: ${unknown.join(', ')} (known: ${all.map((p) => p.name).join(', ')})`);
  return all.filter((part) => only.includes(part.name));
}

async function main(): Promise<void> {
  const context: BenchContext = {
    // Compiled to dist-bench/bench/run.js; results go next to the sources, in bench/results/.
    resultsDir: join(__dirname, '..', '..', 'bench', 'results'),
    log: (line) => console.log(line),
    saveFigures(name, figures) {
      mkdirSync(this.resultsDir, { recursive: true });
      const file = join(this.resultsDir, `${name}.json`);
      writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
      return file;
    },
  };
  const rows: SummaryRow[] = [];
  for (const part of selectedParts(discoverParts())) {
    context.log(`== bench part "${part.name}": ${part.description}`);
    rows.push(...(await part.run(context)));
  }
  context.log(formatSummaryTable(rows));
  if (!existsSync(context.resultsDir)) mkdirSync(context.resultsDir, { recursive: true });
  writeFileSync(join(context.resultsDir, 'summary.md'), formatSummaryMarkdown(rows));
  writeFileSync(join(context.resultsDir, 'summary.json'), `${JSON.stringify(rows, null, 2)}\n`);
  context.log(`summary written to ${join(context.resultsDir, 'summary.md')}`);
}

main().then(
  // Open keep-alive sockets or pools must not keep a finished bench alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
