import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { PassThrough, Readable, pipeline } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  advertiseRefs,
  isGitService,
  listCommits,
  measureSize,
  serviceRpc,
  serviceRpcIntoSocket,
  smartHttpContentTypes,
  type GitExit,
  type GitService,
} from '../src';
import { makeTempDir, removeDir, repositoryWithReadme, userGit, writeWorkFile } from './support/git-fixtures';

/**
 * A minimal smart-HTTP server over the helpers, the way the real server will use them:
 * every body is piped, none is buffered. It also keeps the last upload-pack request body so a
 * test can replay it.
 */
function startGitHttpServer(repoPath: string): Promise<{ server: Server; url: string; lastUploadPackRequest: () => Buffer }> {
  let lastUploadPackRequest = Buffer.alloc(0);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const gitProtocol = req.headers['git-protocol'] as string | undefined;
    if (req.method === 'GET' && url.pathname === '/alice/project.git/info/refs') {
      const service = url.searchParams.get('service');
      if (!isGitService(service)) return void res.writeHead(403).end();
      res.writeHead(200, { 'content-type': smartHttpContentTypes(service).advertisement, 'cache-control': 'no-cache' });
      return void pipeline(advertiseRefs(repoPath, service, { gitProtocol }).output, res, () => undefined);
    }
    const service = url.pathname.replace('/alice/project.git/', '');
    if (req.method === 'POST' && isGitService(service)) {
      const gzip = req.headers['content-encoding'] === 'gzip';
      let input: Readable = req;
      if (service === 'git-upload-pack') {
        const copy = new PassThrough();
        const chunks: Buffer[] = [];
        copy.on('data', (chunk: Buffer) => chunks.push(chunk));
        copy.on('end', () => (lastUploadPackRequest = gzip ? Buffer.alloc(0) : Buffer.concat(chunks)));
        input = req.pipe(copy);
      }
      res.writeHead(200, { 'content-type': smartHttpContentTypes(service as GitService).result, 'cache-control': 'no-cache' });
      return void pipeline(serviceRpc(repoPath, service as GitService, input, { gzip, gitProtocol }).output, res, () => undefined);
    }
    res.writeHead(404).end();
  };
  const server = createServer(handle);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/alice/project.git`, lastUploadPackRequest: () => lastUploadPackRequest });
    }),
  );
}

/**
 * Runs `start` on the server side of a fresh TCP connection, then closes that side once git has
 * exited, and answers what the client received. With `clientLeaves`, the client closes at once.
 */
async function intoConnection(
  start: (socket: Socket) => { done: Promise<GitExit> },
  { clientLeaves = false } = {},
): Promise<{ received: Buffer; exit: GitExit }> {
  let exit: Promise<GitExit> | undefined;
  const server = createTcpServer((socket) => {
    exit = start(socket).done.then((result) => {
      socket.end();
      return result;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  const chunks: Buffer[] = [];
  client.on('data', (chunk: Buffer) => chunks.push(chunk));
  client.on('error', () => undefined);
  if (clientLeaves) client.once('connect', () => setTimeout(() => client.destroy(), 50));
  await new Promise((resolve) => client.once('close', resolve));
  while (!exit) await new Promise((resolve) => setImmediate(resolve));
  const result = { received: Buffer.concat(chunks), exit: await exit };
  await new Promise((resolve) => server.close(resolve));
  return result;
}

describe('smart HTTP helpers', () => {
  let dir: string;
  let repoPath: string;
  let server: Server;
  let url: string;
  let lastUploadPackRequest: () => Buffer;

  beforeAll(async () => {
    dir = await makeTempDir();
    ({ repoPath } = await repositoryWithReadme(dir));
    ({ server, url, lastUploadPackRequest } = await startGitHttpServer(repoPath));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await removeDir(dir);
  });

  it('announces the service in pkt-line format before the refs (protocol v0)', async () => {
    const response = await fetch(`${url}/info/refs?service=git-upload-pack`);
    const body = Buffer.from(await response.arrayBuffer()).toString('latin1');
    expect(response.headers.get('content-type')).toBe('application/x-git-upload-pack-advertisement');
    expect(body.startsWith('001e# service=git-upload-pack\n0000')).toBe(true);
    expect(body).toMatch(/refs\/heads\/main/);
  });

  it('clones (protocol v2 and v0), pushes a multi-megabyte commit, and clones it back', async () => {
    const v2 = `${dir}/clone-v2`;
    await userGit(dir, ['clone', '--quiet', url, v2]);
    expect(await userGit(v2, ['log', '--format=%s'])).toBe('Initial commit\n');
    await userGit(dir, ['-c', 'protocol.version=0', 'clone', '--quiet', url, `${dir}/clone-v0`]);

    const sizeBefore = await measureSize(repoPath);
    const payload = randomBytes(3 * 1024 * 1024); // incompressible, larger than http.postBuffer
    await writeWorkFile(v2, 'payload.bin', payload);
    await userGit(v2, ['add', '.']);
    await userGit(v2, ['commit', '--quiet', '-m', 'Add payload']);
    await userGit(v2, ['push', '--quiet', 'origin', 'main']);

    expect((await listCommits(repoPath, { sha: 'main' })).total).toBe(2);
    expect(await measureSize(repoPath)).toBeGreaterThan(sizeBefore + payload.length);

    const again = `${dir}/clone-again`;
    await userGit(dir, ['-c', 'protocol.version=0', 'clone', '--quiet', url, again]);
    expect(await userGit(again, ['rev-parse', 'HEAD'])).toBe(await userGit(v2, ['rev-parse', 'HEAD']));
    await userGit(again, ['fsck', '--strict']);
    expect((await readFile(`${again}/payload.bin`)).equals(payload)).toBe(true);
  });

  it('accepts a gzip-compressed request body', async () => {
    await userGit(dir, ['-c', 'protocol.version=0', 'clone', '--quiet', url, `${dir}/for-replay`]);
    const request = lastUploadPackRequest();
    expect(request.length).toBeGreaterThan(0);
    const rpc = serviceRpc(repoPath, 'git-upload-pack', Readable.from([gzipSync(request)]), { gzip: true });
    const chunks: Buffer[] = [];
    for await (const chunk of rpc.output) chunks.push(chunk as Buffer);
    expect((await rpc.done).exitCode).toBe(0);
    expect(Buffer.concat(chunks).includes(Buffer.from('PACK'))).toBe(true);
  });

  it('kills git when the client stops reading or its request breaks off', async () => {
    const neverEnding = new PassThrough();
    neverEnding.write('0032want ');
    const abandoned = serviceRpc(repoPath, 'git-receive-pack', neverEnding);
    abandoned.output.destroy();
    expect((await abandoned.done).signal).toBe('SIGKILL');

    const breaking = new PassThrough();
    const broken = serviceRpc(repoPath, 'git-receive-pack', breaking);
    broken.output.on('error', () => undefined);
    breaking.destroy(new Error('client disconnected'));
    expect((await broken.done).signal).toBe('SIGKILL');
  });

  it("writes upload-pack's answer straight into a connection: the same answer as streamed, complete", async () => {
    await userGit(dir, ['-c', 'protocol.version=0', 'clone', '--quiet', url, `${dir}/for-socket`]);
    const request = lastUploadPackRequest();
    const chunks: Buffer[] = [];
    for await (const chunk of serviceRpc(repoPath, 'git-upload-pack', Readable.from([request])).output) chunks.push(chunk as Buffer);
    const streamed = Buffer.concat(chunks);
    const { received, exit } = await intoConnection((socket) =>
      serviceRpcIntoSocket(repoPath, 'git-upload-pack', Readable.from([request]), socket),
    );
    expect(exit.exitCode).toBe(0);
    // git may pack the same objects differently from one run to the next, and cut its pack into side-band
    // packets of whatever length it has at hand: compare the framing up to the packet that carries the pack,
    // whose own header is a length and band 1.
    const pack = (body: Buffer) => body.indexOf('PACK');
    const beforePackPacket = (body: Buffer) => body.subarray(0, pack(body) - 5).toString('latin1');
    expect(pack(received)).toBeGreaterThan(5);
    expect(received.subarray(pack(received) - 5, pack(received)).toString('latin1')).toMatch(/^[0-9a-f]{4}\x01$/);
    expect(beforePackPacket(received)).toBe(beforePackPacket(streamed));
    expect(received.subarray(-4).toString()).toBe('0000');
    expect(received.length).toBeGreaterThan(0.9 * streamed.length);
  });

  it('kills git writing into a connection when the client goes away or its request breaks off', async () => {
    const neverEnding = new PassThrough();
    neverEnding.write('0032want ');
    const abandoned = await intoConnection((socket) => serviceRpcIntoSocket(repoPath, 'git-upload-pack', neverEnding, socket), {
      clientLeaves: true,
    });
    expect(abandoned.exit.signal).toBe('SIGKILL');

    const breaking = new PassThrough();
    const broken = intoConnection((socket) => {
      const run = serviceRpcIntoSocket(repoPath, 'git-upload-pack', breaking, socket);
      setImmediate(() => breaking.destroy(new Error('client disconnected')));
      return run;
    });
    expect((await broken).exit.signal).toBe('SIGKILL');
  });

  it('rejects unknown services', () => {
    expect(() => advertiseRefs(repoPath, 'git-shell' as GitService)).toThrow(/service/);
  });
});
