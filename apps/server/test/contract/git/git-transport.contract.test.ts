import { createHash } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import { GitRun, GitTransport } from '../../../src/modules/git-http/git-transport';
import { InvalidGitInputError } from '../../../src/modules/repositories/git-errors';
import { GitStream } from '../../../src/modules/repositories/repository-contents';
import { RepositoryRefs } from '../../../src/modules/repositories/repository-refs';
import { BoundGitPorts, repositoryWith } from '../../support/git-ports';

/** A pkt-line: four hex digits of length (including themselves), then the payload. */
function pkt(payload: string | Buffer): Buffer {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  return Buffer.concat([Buffer.from((body.length + 4).toString(16).padStart(4, '0')), body]);
}
const FLUSH = Buffer.from('0000');

/** A pack with no objects, as git sends when a push only moves refs to objects the server has. */
function emptyPack(): Buffer {
  const header = Buffer.concat([Buffer.from('PACK'), Buffer.from([0, 0, 0, 2, 0, 0, 0, 0])]);
  return Buffer.concat([header, createHash('sha1').update(header).digest()]);
}

async function drain(stream: GitStream): Promise<{ output: Buffer; exitCode: number | null }> {
  const output = await buffer(stream.output);
  return { output, exitCode: (await stream.done).exitCode };
}

/** What a client receives when `start` writes into the server side of a fresh TCP connection, closed once git exited. */
async function receivedOverConnection(start: (socket: Socket) => GitRun): Promise<{ output: Buffer; exitCode: number | null }> {
  let exit: Promise<number | null> | undefined;
  const server = createServer((socket) => {
    exit = start(socket).done.then(({ exitCode }) => {
      socket.end();
      return exitCode;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  const output = await buffer(client);
  server.close();
  return { output, exitCode: await exit! };
}

/** GitTransport as bound to the git adapter: the smart HTTP conversation with real git on a bare repository. */
describe('GitTransport contract (bound git adapter)', () => {
  let ports: BoundGitPorts;
  let transport: GitTransport;
  let repoPath: string;
  let initial: string;

  beforeAll(async () => {
    ports = await BoundGitPorts.open();
    transport = ports.get(GitTransport);
    ({ repoPath, initial } = await repositoryWith(ports, 'project'));
  });
  afterAll(() => ports.close());

  describe('advertiseRefs', () => {
    it('announces the service, then git advertises the refs (protocol v0)', async () => {
      const { output, exitCode } = await drain(transport.advertiseRefs(repoPath, 'git-upload-pack'));
      expect(exitCode).toBe(0);
      const body = output.toString('latin1');
      expect(body.startsWith('001e# service=git-upload-pack\n0000')).toBe(true);
      expect(body).toContain(`${initial} HEAD`);
      expect(body).toContain(`${initial} refs/heads/main`);
      expect(body.endsWith('0000')).toBe(true);
    });

    it('advertises what a push may update for git-receive-pack', async () => {
      const body = (await drain(transport.advertiseRefs(repoPath, 'git-receive-pack'))).output.toString('latin1');
      expect(body.startsWith('001f# service=git-receive-pack\n0000')).toBe(true);
      expect(body).toContain(`${initial} refs/heads/main`);
      expect(body).toContain('report-status');
    });

    it('speaks protocol v2 without an announcement when the client asks for it', async () => {
      const stream = transport.advertiseRefs(repoPath, 'git-upload-pack', { gitProtocol: 'version=2' });
      const body = (await drain(stream)).output.toString('latin1');
      expect(body.startsWith('000eversion 2\n')).toBe(true);
      expect(body).not.toContain('# service=');
    });

    it('an unknown service is InvalidGitInputError', () => {
      expect(() => transport.advertiseRefs(repoPath, 'git-upload-archive' as never)).toThrow(InvalidGitInputError);
    });
  });

  describe('serviceRpc', () => {
    const wantInitial = () => Buffer.concat([pkt(`want ${initial}\n`), FLUSH, pkt('done\n')]);

    it('upload-pack answers a fetch with a pack of what was wanted', async () => {
      const { output, exitCode } = await drain(transport.serviceRpc(repoPath, 'git-upload-pack', Readable.from([wantInitial()])));
      expect(exitCode).toBe(0);
      expect(output.subarray(0, 8).toString()).toBe('0008NAK\n');
      expect(output.subarray(8, 12).toString()).toBe('PACK');
    });

    it('reads a gzip-compressed request when told so', async () => {
      const input = Readable.from([gzipSync(wantInitial())]);
      const { output, exitCode } = await drain(transport.serviceRpc(repoPath, 'git-upload-pack', input, { gzip: true }));
      expect(exitCode).toBe(0);
      expect(output.subarray(8, 12).toString()).toBe('PACK');
    });

    it('receive-pack applies a push and reports its status', async () => {
      const command = pkt(`${'0'.repeat(40)} ${initial} refs/heads/copy\0report-status\n`);
      const input = Readable.from([Buffer.concat([command, FLUSH, emptyPack()])]);
      const { output, exitCode } = await drain(transport.serviceRpc(repoPath, 'git-receive-pack', input));
      expect(exitCode).toBe(0);
      expect(output.toString('latin1')).toContain('unpack ok\n');
      expect(output.toString('latin1')).toContain('ok refs/heads/copy\n');
      expect(await ports.get(RepositoryRefs).branchTip(repoPath, 'copy')).toBe(initial);
    });

    it('when git fails, done reports its exit and the output ends in an error, never as if complete', async () => {
      const stream = transport.serviceRpc(repoPath, 'git-upload-pack', Readable.from([Buffer.from('garbage that is no pkt-line')]));
      await expect(buffer(stream.output)).rejects.toThrow();
      expect((await stream.done).exitCode).not.toBe(0);
    });

    it('upload-pack can write its answer straight into a connection', async () => {
      const { output, exitCode } = await receivedOverConnection((socket) =>
        transport.serviceRpcIntoSocket(repoPath, 'git-upload-pack', Readable.from([wantInitial()]), socket),
      );
      expect(exitCode).toBe(0);
      expect(output.subarray(0, 8).toString()).toBe('0008NAK\n');
      expect(output.subarray(8, 12).toString()).toBe('PACK');
    });

    it('an unknown service is InvalidGitInputError', () => {
      expect(() => transport.serviceRpc(repoPath, 'git-upload-archive' as never, Readable.from([]))).toThrow(InvalidGitInputError);
    });
  });

  describe('serviceSession (git over SSH)', () => {
    it('upload-pack advertises the refs, then answers a fetch in the same conversation', async () => {
      const input = Readable.from([Buffer.concat([pkt(`want ${initial}\n`), FLUSH, pkt('done\n')])]);
      const { output, exitCode } = await drain(transport.serviceSession(repoPath, 'git-upload-pack', input));
      expect(exitCode).toBe(0);
      const body = output.toString('latin1');
      expect(body).not.toContain('# service=');
      expect(body).toContain(`${initial} HEAD`);
      expect(body).toContain('NAK\n');
      expect(body).toContain('PACK');
    });

    it('ends when the client wants nothing (a flush after the advertisement)', async () => {
      const { output, exitCode } = await drain(transport.serviceSession(repoPath, 'git-upload-pack', Readable.from([FLUSH])));
      expect(exitCode).toBe(0);
      expect(output.toString('latin1')).toContain(`${initial} refs/heads/main`);
      expect(output.toString('latin1')).not.toContain('PACK');
    });

    it('an unknown service is InvalidGitInputError', () => {
      expect(() => transport.serviceSession(repoPath, 'git-upload-archive' as never, Readable.from([]))).toThrow(InvalidGitInputError);
    });
  });
});
