import { Agent, request } from 'http';
import { join } from 'path';
import { performance } from 'perf_hooks';
import { parentPort, Worker, workerData } from 'worker_threads';

/** One kind of small write the bench sends, again and again, from `clients` callers at once. */
export interface WritePlan {
  label: string;
  url: string;
  token: string;
  /** `json`: the body is sent as application/json; `multipart`: as multipart/form-data with one file field `attachment`. */
  body: { kind: 'json'; value: Record<string, unknown> } | { kind: 'multipart'; fileBytes: number };
  clients: number;
  seconds: number;
  maxRequests: number;
  /** The status every answer must have: 201 for a write; a floor run sends requests the server must refuse (422). */
  expectedStatus?: number;
}

export interface WriteResult {
  label: string;
  /** Requests answered, whatever the status. */
  requests: number;
  seconds: number;
  writesPerSecond: number;
  /** How many answers had each status (only 201 counts as a write). */
  statuses: Record<string, number>;
  /** `id` (and `number`, for issues) of every created object, for the checks after the run. */
  ids: number[];
  numbers: number[];
  /** The first answer that was not the expected status, to say why the run failed. */
  firstFailure: string | null;
}

/** Runs the plan in a worker thread: the server under test owns the main thread's event loop. */
export function writeInWorker(plan: WritePlan): Promise<WriteResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'write-load.js'), { workerData: plan });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`write load worker exited with code ${code}`));
    });
  });
}

const BOUNDARY = 'bellows-bench-boundary';

function encodedBody(plan: WritePlan): { bytes: Buffer; contentType: string } {
  if (plan.body.kind === 'json') return { bytes: Buffer.from(JSON.stringify(plan.body.value)), contentType: 'application/json' };
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="small.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${BOUNDARY}--\r\n`;
  const file = Buffer.alloc(plan.body.fileBytes, 'x');
  return { bytes: Buffer.concat([Buffer.from(head), file, Buffer.from(tail)]), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

function post(agent: Agent, plan: WritePlan, body: { bytes: Buffer; contentType: string }): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      plan.url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `token ${plan.token}`,
          accept: 'application/json',
          'content-type': body.contentType,
          'content-length': body.bytes.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body.bytes);
  });
}

async function runWrites(plan: WritePlan): Promise<WriteResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: plan.clients });
  const body = encodedBody(plan);
  const result: WriteResult = {
    label: plan.label,
    requests: 0,
    seconds: 0,
    writesPerSecond: 0,
    statuses: {},
    ids: [],
    numbers: [],
    firstFailure: null,
  };
  const started = performance.now();
  const deadline = started + plan.seconds * 1000;
  let sent = 0;
  let created = 0;
  const expected = plan.expectedStatus ?? 201;
  const client = async () => {
    while (sent < plan.maxRequests && performance.now() < deadline) {
      sent++;
      const { status, text } = await post(agent, plan, body);
      result.requests++;
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      if (status !== expected) {
        result.firstFailure ??= `${status}: ${text.slice(0, 300)}`;
        continue;
      }
      created++;
      if (status !== 201) continue;
      const answer = JSON.parse(text) as { id: number; number?: number };
      result.ids.push(answer.id);
      if (answer.number !== undefined) result.numbers.push(answer.number);
    }
  };
  try {
    await Promise.all(Array.from({ length: plan.clients }, client));
    result.seconds = (performance.now() - started) / 1000;
    result.writesPerSecond = created / result.seconds;
    return result;
  } finally {
    agent.destroy();
  }
}

if (parentPort && workerData) {
  const port = parentPort;
  void runWrites(workerData as WritePlan).then((result) => port.postMessage(result));
}
