import { cpus } from 'os';
import { TestEngine } from '@bellows/persistence-typeorm';
import { BenchContext, SummaryRow } from '../bench-part';
import { answersOnTcp, postgresHostPort } from './bench-server';

/**
 * The engines a part runs on: BENCH_ENGINES (default both), an unknown name
 * refused, and PostgreSQL left out, with a line saying so, when nothing
 * answers where the throw-away databases are made.
 */
export async function enginesToRun(context: BenchContext, part: string): Promise<TestEngine[]> {
  const engines: TestEngine[] = [];
  for (const engine of (process.env.BENCH_ENGINES ?? 'sqlite3,postgres').split(',').map((e) => e.trim())) {
    if (!engine) continue;
    if (engine !== 'sqlite3' && engine !== 'postgres') throw new Error(`unknown engine in BENCH_ENGINES: ${engine}`);
    if (engine === 'postgres' && !(await answersOnTcp(postgresHostPort()))) {
      context.log(`${part}/postgres skipped: nothing answers on ${postgresHostPort()} (set BELLOWS_TEST_PG_HOST to point elsewhere)`);
      continue;
    }
    engines.push(engine);
  }
  return engines;
}

/** The machine a result was measured on, written beside its figures. */
export function machine(): { cpus: number; cpuModel: string; node: string } {
  return { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version };
}

/**
 * A part measured on each engine in turn: each engine's figures saved as
 * `<part>-<engine>.json`, its detailed table printed (when the part has one),
 * and its lines of the summary gathered.
 */
export async function onEachEngine<R>(
  context: BenchContext,
  part: string,
  measure: (engine: TestEngine) => Promise<R>,
  report: { table?: (result: R) => string; rows: (result: R) => SummaryRow[] },
): Promise<SummaryRow[]> {
  const rows: SummaryRow[] = [];
  for (const engine of await enginesToRun(context, part)) {
    const result = await measure(engine);
    const file = context.saveFigures(`${part}-${engine}`, result);
    if (report.table) context.log(report.table(result));
    context.log(`figures written to ${file}`);
    rows.push(...report.rows(result));
  }
  return rows;
}
