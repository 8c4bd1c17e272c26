import { join } from 'path';
import { BenchContext, BenchPart } from './bench-part';
import { quotaBench } from './quota/quota-bench';
import { gitBench } from './git/git-bench';

/** Every bench part, in the order `npm run bench` runs them. Later parts (git clone/push) register here. */
const PARTS: BenchPart[] = [quotaBench, gitBench];

/** `BENCH_ONLY=quota` (comma-separated names) runs only those parts. */
function selectedParts(): BenchPart[] {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!only?.length) return PARTS;
  const unknown = only.filter((name) => !PARTS.some((part) => part.name === name));
  if (unknown.length)
    throw new Error(`BENCH_ONLY names unknown parts: ${unknown.join(', ')} (known: ${PARTS.map((p) => p.name).join(', ')})`);
  return PARTS.filter((part) => only.includes(part.name));
}

async function main(): Promise<void> {
  const context: BenchContext = {
    // Compiled to dist-bench/bench/run.js; results go next to the sources, in bench/results/.
    resultsDir: join(__dirname, '..', '..', 'bench', 'results'),
    log: (line) => console.log(line),
  };
  for (const part of selectedParts()) {
    context.log(`== bench part "${part.name}": ${part.description}`);
    await part.run(context);
  }
}

main().then(
  // Open keep-alive sockets or pools must not keep a finished bench alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
