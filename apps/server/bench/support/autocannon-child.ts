import autocannon from 'autocannon';
import { fork } from 'child_process';
import { join } from 'path';

/** Throughput under load: `connections` keep-alive connections, each sending its next request when the last one answered. */
export interface CannonPlan {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface CannonResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, and socket errors or timeouts: any of them spoils the figure. */
  non2xx: number;
  errors: number;
}

/**
 * Runs autocannon in a child process: the server under test owns the bench
 * process's event loop, and a client sharing it would slow it down and blur
 * the figures. On two cores, the client gets one and the server the other.
 * (A worker thread would do, but autocannon answers unaggregated figures there.)
 */
export function cannonInChild(plan: CannonPlan): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'autocannon-child.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (result) => resolve(result as CannonResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the autocannon child exited with code ${code}`));
    });
    child.send(plan);
  });
}

async function fire(plan: CannonPlan): Promise<CannonResult> {
  const result = await autocannon({ url: plan.url, headers: plan.headers, connections: plan.connections, duration: plan.seconds });
  return {
    requestsPerSecond: result.requests.total / (result.duration || plan.seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

if (require.main === module && process.send) {
  process.once('message', (plan: CannonPlan) => {
    // A failure is left unhandled on purpose: it ends the child with a non-zero code, which the parent reports.
    void fire(plan).then((result) => process.send!(result, () => process.exit(0)));
  });
}
