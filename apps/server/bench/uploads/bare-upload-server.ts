import { randomUUID } from 'crypto';
import { createWriteStream } from 'fs';
import { unlink } from 'fs/promises';
import { createServer } from 'http';
import type { AddressInfo } from 'net';
import { join } from 'path';
import { pipeline } from 'stream/promises';

/**
 * The runtime's own floor for an upload, beside the uploads bench's server: a
 * bare node:http server that streams each request body into a file on the
 * same file system (`BENCH_BARE_UPLOAD_DIR`, the Bellows server's data folder),
 * fsyncs it and answers 201, as plainly as Node does it (no parsing, no
 * digests, no database). The same client sends it the same bytes, over the
 * same loopback, so the gap between it and dd is the price of HTTP on this
 * runtime and machine, and the gap between Bellows and it is Bellows' own.
 * Each file is removed once answered. Reports its URL over IPC; stops when
 * told or when the parent goes away.
 */
export interface BareUploadServerInfo {
  url: string;
}

function main(): void {
  const dir = process.env.BENCH_BARE_UPLOAD_DIR;
  if (!dir) throw new Error('BENCH_BARE_UPLOAD_DIR is not set');
  const server = createServer((request, response) => {
    const file = join(dir, `bare-upload-${randomUUID()}.bin`);
    // `flush`: the file is fsynced before it is closed, as dd conv=fsync and Bellows do.
    pipeline(request, createWriteStream(file, { flags: 'wx', flush: true }))
      .finally(() => unlink(file).catch(() => undefined))
      .then(
        () => response.writeHead(201).end(),
        (error: Error) => response.writeHead(500).end(error.message),
      );
  });
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.send?.({ url: `http://127.0.0.1:${port}/` } satisfies BareUploadServerInfo);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('message', (message) => message === 'stop' && stop());
  process.on('disconnect', stop);
}

main();
