import { performance } from 'perf_hooks';
import { keepAliveAgent, Target, timedGet } from './http-client';

/** Sequential latency: one request at a time, the targets taken in turn. */
export interface SequentialPlan {
  kind: 'sequential';
  targets: Target[];
  /** Requests per target that are sent first and not measured. */
  warmup: number;
  /** Measured requests per target. */
  requests: number;
}

/** Throughput: `clients` callers, each sending its next request when the previous one answered. */
export interface ConcurrentPlan {
  kind: 'concurrent';
  target: Target;
  clients: number;
  /** The run stops at whichever comes first. */
  maxRequests: number;
  maxSeconds: number;
}

export type LoadPlan = SequentialPlan | ConcurrentPlan;

export interface SequentialResult {
  kind: 'sequential';
  /** Milliseconds per measured request, by target label. */
  samples: Record<string, number[]>;
}

export interface ConcurrentResult {
  kind: 'concurrent';
  requests: number;
  seconds: number;
  requestsPerSecond: number;
}

export type LoadResult = SequentialResult | ConcurrentResult;

export function runLoad(plan: LoadPlan): Promise<LoadResult> {
  return plan.kind === 'sequential' ? runSequential(plan) : runConcurrent(plan);
}

/**
 * Interleaving the targets (big, small, big, small…) exposes them to the same
 * background noise, so their ratio is fair even on a busy machine.
 */
async function runSequential(plan: SequentialPlan): Promise<SequentialResult> {
  const agent = keepAliveAgent(1);
  try {
    for (let i = 0; i < plan.warmup; i++) for (const target of plan.targets) await timedGet(agent, target);
    const samples: Record<string, number[]> = Object.fromEntries(plan.targets.map((t) => [t.label, []]));
    for (let i = 0; i < plan.requests; i++) for (const target of plan.targets) samples[target.label].push(await timedGet(agent, target));
    return { kind: 'sequential', samples };
  } finally {
    agent.destroy();
  }
}

async function runConcurrent(plan: ConcurrentPlan): Promise<ConcurrentResult> {
  const agent = keepAliveAgent(plan.clients);
  const started = performance.now();
  const deadline = started + plan.maxSeconds * 1000;
  let sent = 0;
  let completed = 0;
  const client = async () => {
    while (sent < plan.maxRequests && performance.now() < deadline) {
      sent++;
      await timedGet(agent, plan.target);
      completed++;
    }
  };
  try {
    await Promise.all(Array.from({ length: plan.clients }, client));
    const seconds = (performance.now() - started) / 1000;
    return { kind: 'concurrent', requests: completed, seconds, requestsPerSecond: completed / seconds };
  } finally {
    agent.destroy();
  }
}
