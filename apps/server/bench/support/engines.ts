import { cpus } from 'os';
import { TestEngine } from '@bellows/persistence-typeorm';
import { BenchContext } from '../bench-part';
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
