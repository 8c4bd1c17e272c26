import { createReadStream } from 'fs';
import { Agent, request } from 'http';
import { performance } from 'perf_hooks';
import { Readable } from 'stream';
import type { UploadsBenchServerInfo } from './uploads-server-child';

/** The file every path uploads, with the digests its clients announce. */
export interface BenchFile {
  path: string;
  megabytes: number;
  size: number;
  sha1: string;
  sha256: string;
  sha512: string;
}

export const UPLOAD_PATHS = ['attachment multipart', 'generic package PUT', 'LFS PUT', 'npm publish'] as const;
export type UploadPath = (typeof UPLOAD_PATHS)[number];

/** An upload under way: `done` settles when the server has answered (2xx, or it fails); `verify` checks what was stored. */
export interface Upload {
  done: Promise<void>;
  verify(): Promise<void>;
}

interface Answer {
  status: number;
  body: string;
}

/** Reads of a few chunks of 1 MiB at a time, as a client streaming a file would. */
const READ_CHUNK = 1024 * 1024;
/** npm's base64 is encoded 3 bytes at a time: chunks of a multiple of 3 leave nothing over. */
const BASE64_READ_CHUNK = 3 * 256 * 1024;

/**
 * The clients of the four large-upload paths, each streaming the file from
 * disk (never reading it whole): node:http requests with a Content-Length,
 * the multipart framing and the npm JSON document built around the stream.
 */
export class UploadTarget {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 4 });

  private constructor(
    private readonly info: UploadsBenchServerInfo,
    private readonly issueIndex: number,
  ) {}

  /** Opens an issue to attach files to. */
  static async prepare(info: UploadsBenchServerInfo): Promise<UploadTarget> {
    const api = `${info.url}api/v1/repos/${info.owner}/${info.repo}/issues`;
    const answer = await send(
      'POST',
      api,
      tokenHeaders(info, { 'content-type': 'application/json' }),
      JSON.stringify({ title: 'uploads' }),
    );
    expectOk(answer, 'creating the issue');
    return new UploadTarget(info, (JSON.parse(answer.body) as { number: number }).number);
  }

  /**
   * What a path needs before its upload, done before the clock starts: the LFS
   * run's repository (creating one, with its git init, is not part of an upload).
   */
  async prepare(path: UploadPath, run: number): Promise<void> {
    if (path !== 'LFS PUT') return;
    const created = await send(
      'POST',
      `${this.info.url}api/v1/user/repos`,
      tokenHeaders(this.info, { 'content-type': 'application/json' }),
      JSON.stringify({ name: lfsRepo(run) }),
    );
    expectOk(created, `creating the repository ${lfsRepo(run)}`);
  }

  upload(path: UploadPath, file: BenchFile, run: number): Upload {
    switch (path) {
      case 'attachment multipart':
        return this.attachment(file, run);
      case 'generic package PUT':
        return this.generic(file, run);
      case 'LFS PUT':
        return this.lfs(file, run);
      case 'npm publish':
        return this.npm(file, run);
    }
  }

  /**
   * `GET /api/v1/user`, one after another until `until` settles: their
   * latencies (ms) say whether the upload holds up other requests.
   */
  async probeUntil(until: Promise<unknown>): Promise<number[]> {
    let finished = false;
    void until.finally(() => (finished = true)).catch(() => undefined);
    const latencies: number[] = [];
    while (!finished) {
      const started = performance.now();
      const answer = await send('GET', `${this.info.url}api/v1/user`, tokenHeaders(this.info), undefined, this.agent);
      expectOk(answer, 'GET /user during an upload');
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return latencies;
  }

  private attachment(file: BenchFile, run: number): Upload {
    const boundary = `----bellows-bench-${run}-${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="upload-${run}.bin"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const url = `${this.info.url}api/v1/repos/${this.info.owner}/${this.info.repo}/issues/${this.issueIndex}/assets`;
    let stored: { size: number } | undefined;
    const done = send(
      'POST',
      url,
      tokenHeaders(this.info, { 'content-type': `multipart/form-data; boundary=${boundary}` }),
      framed(head, file.path, tail),
      undefined,
      head.length + file.size + tail.length,
    ).then((answer) => {
      expectOk(answer, 'the attachment upload');
      stored = JSON.parse(answer.body) as { size: number };
    });
    return {
      done,
      verify: async () => {
        if (stored?.size !== file.size) throw new Error(`the attachment was stored with ${stored?.size} bytes, not ${file.size}`);
      },
    };
  }

  private generic(file: BenchFile, run: number): Upload {
    const version = `1.0.${run}`;
    const url = `${this.info.url}api/packages/${this.info.owner}/generic/bench/${version}/upload.bin`;
    const done = send(
      'PUT',
      url,
      tokenHeaders(this.info, { 'content-type': 'application/octet-stream' }),
      createReadStream(file.path, { highWaterMark: READ_CHUNK }),
      undefined,
      file.size,
    ).then((answer) => expectOk(answer, 'the generic package upload'));
    return { done, verify: () => this.verifyPackageFile('generic', 'bench', version, file) };
  }

  /**
   * The batch request, then the PUT it asks for. Each run uploads to a
   * repository of its own (see {@link prepare}): one that references the
   * object already would be told there is nothing to send.
   */
  private lfs(file: BenchFile, run: number): Upload {
    const repo = lfsRepo(run);
    const lfsHeaders = { 'content-type': 'application/vnd.git-lfs+json', accept: 'application/vnd.git-lfs+json' };
    const done = (async () => {
      const batch = await send(
        'POST',
        `${this.lfsBase(repo)}/objects/batch`,
        basicHeaders(this.info, lfsHeaders),
        JSON.stringify({ operation: 'upload', transfers: ['basic'], objects: [{ oid: file.sha256, size: file.size }] }),
      );
      expectOk(batch, 'the LFS batch request');
      const [object] = (
        JSON.parse(batch.body) as { objects: { actions?: { upload?: { href: string; header?: Record<string, string> } } }[] }
      ).objects;
      const action = object.actions?.upload;
      if (!action) throw new Error(`the LFS batch answer asks for no upload: ${batch.body}`);
      const answer = await send(
        'PUT',
        action.href,
        { ...action.header, 'content-type': 'application/octet-stream' },
        createReadStream(file.path, { highWaterMark: READ_CHUNK }),
        undefined,
        file.size,
      );
      expectOk(answer, 'the LFS upload');
    })();
    return {
      done,
      verify: async () => {
        const answer = await send(
          'POST',
          `${this.lfsBase(repo)}/objects/${file.sha256}/verify`,
          basicHeaders(this.info, lfsHeaders),
          JSON.stringify({ oid: file.sha256, size: file.size }),
        );
        expectOk(answer, 'the LFS verify request');
      },
    };
  }

  private npm(file: BenchFile, run: number): Upload {
    const name = 'bench-npm';
    const version = `1.0.${run}`;
    const integrity = `sha512-${Buffer.from(file.sha512, 'hex').toString('base64')}`;
    const manifest = { name, version, dist: { shasum: file.sha1, integrity } };
    const before = Buffer.from(
      `{"_id":"${name}","name":"${name}","dist-tags":{"latest":"${version}"},"versions":${JSON.stringify({ [version]: manifest })},` +
        `"_attachments":{"${name}-${version}.tgz":{"content_type":"application/octet-stream","length":${file.size},"data":"`,
    );
    const after = Buffer.from('"}}}');
    const base64Length = 4 * Math.ceil(file.size / 3);
    const done = send(
      'PUT',
      `${this.info.url}api/packages/${this.info.owner}/npm/${name}`,
      tokenHeaders(this.info, { 'content-type': 'application/json' }),
      Readable.from(npmDocument(before, file.path, after)),
      undefined,
      before.length + base64Length + after.length,
    ).then((answer) => expectOk(answer, 'npm publish'));
    return { done, verify: () => this.verifyPackageFile('npm', name, version, file) };
  }

  private async verifyPackageFile(type: string, name: string, version: string, file: BenchFile): Promise<void> {
    const answer = await send(
      'GET',
      `${this.info.url}api/v1/packages/${this.info.owner}/${type}/${name}/${version}/files`,
      tokenHeaders(this.info),
    );
    expectOk(answer, `listing the files of ${type} ${name} ${version}`);
    const files = JSON.parse(answer.body) as { Size: number; sha256: string }[];
    if (files.length !== 1 || files[0].Size !== file.size || files[0].sha256 !== file.sha256) {
      throw new Error(`${type} ${name} ${version} holds ${JSON.stringify(files)}, not one file of ${file.size} bytes`);
    }
  }

  private lfsBase(repo: string): string {
    return `${this.info.url}${this.info.owner}/${repo}.git/info/lfs`;
  }
}

/** The file as a plain PUT to the bare node:http server (bare-upload-server.ts): the runtime's floor. */
export async function bareUpload(url: string, file: BenchFile): Promise<void> {
  const answer = await send(
    'PUT',
    url,
    { 'content-type': 'application/octet-stream' },
    createReadStream(file.path, { highWaterMark: READ_CHUNK }),
    undefined,
    file.size,
  );
  expectOk(answer, 'the bare node:http upload');
}

function lfsRepo(run: number): string {
  return `lfs-${run}`;
}

/** The multipart form: its framing around the file's bytes, streamed. */
async function* framedChunks(head: Buffer, path: string, tail: Buffer): AsyncGenerator<Buffer> {
  yield head;
  yield* createReadStream(path, { highWaterMark: READ_CHUNK }) as AsyncIterable<Buffer>;
  yield tail;
}

function framed(head: Buffer, path: string, tail: Buffer): Readable {
  return Readable.from(framedChunks(head, path, tail), { objectMode: false });
}

/** The npm document with the file base64-encoded in its place, chunk by chunk. */
async function* npmDocument(before: Buffer, path: string, after: Buffer): AsyncGenerator<Buffer> {
  yield before;
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: BASE64_READ_CHUNK }) as AsyncIterable<Buffer>) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 3);
    yield Buffer.from(bytes.subarray(0, whole).toString('base64'), 'latin1');
    carry = bytes.subarray(whole);
  }
  if (carry.length > 0) yield Buffer.from(carry.toString('base64'), 'latin1');
  yield after;
}

function tokenHeaders(info: UploadsBenchServerInfo, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `token ${info.token}`, ...extra };
}

function basicHeaders(info: UploadsBenchServerInfo, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${info.owner}:${info.token}`).toString('base64')}`, ...extra };
}

function expectOk(answer: Answer, what: string): void {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 500)}`);
}

/** One request; a stream body is piped (with its length announced), never read whole. */
function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string | Readable,
  agent?: Agent,
  contentLength?: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = typeof body === 'string' ? Buffer.byteLength(body) : contentLength;
    const req = request(
      url,
      { method, headers: { ...headers, ...(length !== undefined ? { 'content-length': String(length) } : {}) }, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body === undefined) req.end();
    else if (typeof body === 'string') req.end(body);
    else {
      body.on('error', (error) => req.destroy(error));
      body.pipe(req);
    }
  });
}
