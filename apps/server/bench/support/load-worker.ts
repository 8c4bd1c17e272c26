import { join } from 'path';
import { parentPort, Worker, workerData } from 'worker_threads';
import { ConcurrentPlan, ConcurrentResult, LoadPlan, runLoad, SequentialPlan, SequentialResult } from './load';

/**
 * The load runs in a worker thread: the server under test owns the main
 * thread's event loop, and a client sharing that loop would slow the server
 * down and blur the figures.
 */
export function loadInWorker(plan: SequentialPlan): Promise<SequentialResult>;
export function loadInWorker(plan: ConcurrentPlan): Promise<ConcurrentResult>;
export function loadInWorker(plan: LoadPlan): Promise<SequentialResult | ConcurrentResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'load-worker.js'), { workerData: plan });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with code ${code}`));
    });
  });
}

if (parentPort && workerData) {
  const port = parentPort;
  // A failure is left unhandled on purpose: it ends the worker and reaches the parent as its 'error' event.
  void runLoad(workerData as LoadPlan).then((result) => port.postMessage(result));
}
