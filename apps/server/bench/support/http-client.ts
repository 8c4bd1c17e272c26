import { Agent, request } from 'http';
import { performance } from 'perf_hooks';

/** One URL the bench calls, with the token of the owner it is called as. */
export interface Target {
  label: string;
  url: string;
  token: string;
}

/** A keep-alive agent, so the figures measure the server and not TCP handshakes. */
export function keepAliveAgent(maxSockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets });
}

/**
 * Sends one GET and reads the whole answer; resolves with the milliseconds it
 * took. Anything but 200 fails the bench: a fast error page is not a result.
 */
export function timedGet(agent: Agent, target: Target): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(target.url, { agent, headers: { authorization: `token ${target.token}`, accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const elapsed = performance.now() - started;
        if (res.statusCode === 200) resolve(elapsed);
        else reject(new Error(`GET ${target.url} answered ${res.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 200)}`));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
