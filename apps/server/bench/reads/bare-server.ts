import { createServer, Server } from 'http';
import { AddressInfo } from 'net';

/** What Bellows answered to one GET, replayed byte for byte by the bare server. */
export interface RecordedAnswer {
  path: string;
  contentType: string;
  body: Buffer;
}

/**
 * The baseline of the read goal: a bare `node:http` server, in the same
 * process as Bellows runs in the bench, answering each path with the exact
 * bytes Bellows answered. It does nothing else (no routing table, no auth, no
 * database), so Bellows / bare is the share of the machine's raw HTTP speed
 * that Bellows keeps while doing real work.
 */
export async function startBareServer(answers: RecordedAnswer[]): Promise<{ url: string; close(): Promise<void> }> {
  const byPath = new Map(answers.map((a) => [a.path, a]));
  const server: Server = createServer((request, response) => {
    const answer = byPath.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
