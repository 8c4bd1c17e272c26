import { createHash, randomBytes } from 'crypto';
import { request as httpRequest, ClientRequest } from 'http';

/**
 * Uploads of every kind the quota counts, over HTTP only (so they work against
 * a server in another process too): issue and release attachments, LFS
 * objects, generic and npm packages, actions artifacts. And the same requests
 * left hanging mid-body, for crash tests.
 */
export interface ApiClient {
  /** The server's root URL, ending in '/'. */
  url: string;
  token: string;
  /** The user the token belongs to, who owns what is created. */
  owner: string;
}

export async function call(
  client: ApiClient,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<any> {
  const headers: Record<string, string> = { authorization: `token ${client.token}`, ...(init.headers ?? {}) };
  let body: RequestInit['body'];
  if (init.body instanceof FormData || typeof init.body === 'string' || Buffer.isBuffer(init.body)) body = init.body as RequestInit['body'];
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const url = path.startsWith('http') ? path : `${client.url}${path.replace(/^\//, '')}`;
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function fileForm(content: Buffer, fileName: string): FormData {
  const form = new FormData();
  form.append('attachment', new Blob([content]), fileName);
  return form;
}

/** A repository with a first commit (releases need one). */
export async function createRepository(client: ApiClient, name: string): Promise<void> {
  await call(client, 'api/v1/user/repos', { method: 'POST', body: { name, auto_init: true } });
}

export async function createIssue(client: ApiClient, repo: string): Promise<number> {
  return (await call(client, `api/v1/repos/${client.owner}/${repo}/issues`, { method: 'POST', body: { title: 'an issue' } })).number;
}

export async function attachToIssue(
  client: ApiClient,
  repo: string,
  issue: number,
  content: Buffer,
): Promise<{ id: number; uuid: string }> {
  return call(client, `api/v1/repos/${client.owner}/${repo}/issues/${issue}/assets`, {
    method: 'POST',
    body: fileForm(content, 'notes.bin'),
  });
}

export async function createRelease(client: ApiClient, repo: string, tag: string): Promise<number> {
  return (await call(client, `api/v1/repos/${client.owner}/${repo}/releases`, { method: 'POST', body: { tag_name: tag } })).id;
}

export async function attachToRelease(
  client: ApiClient,
  repo: string,
  release: number,
  content: Buffer,
): Promise<{ id: number; uuid: string }> {
  return call(client, `api/v1/repos/${client.owner}/${repo}/releases/${release}/assets`, {
    method: 'POST',
    body: fileForm(content, 'app.bin'),
  });
}

/** Uploads an LFS object to the repository (basic transfer); returns its oid. */
export async function uploadLfsObject(client: ApiClient, repo: string, content: Buffer): Promise<string> {
  const oid = sha256(content);
  await call(client, `${client.owner}/${repo}.git/info/lfs/objects/${oid}`, {
    method: 'PUT',
    body: content,
    headers: { 'content-type': 'application/octet-stream' },
  });
  return oid;
}

export async function uploadGenericPackage(client: ApiClient, name: string, version: string, file: string, content: Buffer): Promise<void> {
  await call(client, `api/packages/${client.owner}/generic/${name}/${version}/${file}`, {
    method: 'PUT',
    body: content,
    headers: { 'content-type': 'application/octet-stream' },
  });
}

/** The body of `npm publish` for one version with its tarball. */
export function npmPublication(name: string, version: string, tarball: Buffer): string {
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  return JSON.stringify({
    _id: name,
    name,
    'dist-tags': { latest: version },
    versions: { [version]: { name, version, dist: { integrity } } },
    _attachments: {
      [`${name}-${version}.tgz`]: { content_type: 'application/octet-stream', data: tarball.toString('base64'), length: tarball.length },
    },
  });
}

export async function publishNpmPackage(client: ApiClient, name: string, version: string, tarball: Buffer): Promise<void> {
  await call(client, `api/packages/${client.owner}/npm/${name}`, {
    method: 'PUT',
    body: npmPublication(name, version, tarball),
    headers: { 'content-type': 'application/json' },
  });
}

/** A run of the repository, with what its jobs use to reach the artifact service. */
export interface ActionsRun {
  id: number;
  token: string;
  twirp: string;
}

export async function startRun(client: ApiClient, repo: string): Promise<ActionsRun> {
  const run = await call(client, `api/v1/repos/${client.owner}/${repo}/actions/runs`, {
    method: 'POST',
    body: { name: 'build', event: 'push' },
  });
  return { id: run.id, token: run.runtime_token, twirp: `${run.results_url}twirp/github.actions.results.api.v1.ArtifactService/` };
}

async function twirp(run: ActionsRun, method: string, body: object): Promise<any> {
  const response = await fetch(`${run.twirp}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${run.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ workflow_run_backend_id: String(run.id), ...body }),
  });
  const json = await response.json();
  if (response.status !== 200) throw new Error(`${method} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** CreateArtifact: the signed URL the zip (or its blocks) goes to. */
export async function createArtifact(run: ActionsRun, name: string): Promise<string> {
  return (await twirp(run, 'CreateArtifact', { name, version: 4 })).signed_upload_url;
}

/** An artifact the way @actions/artifact sends a small one: create, one PUT, finalize. */
export async function uploadArtifact(run: ActionsRun, name: string, zip: Buffer): Promise<number> {
  const signedUrl = await createArtifact(run, name);
  const put = await fetch(signedUrl, { method: 'PUT', body: zip, headers: { 'content-type': 'application/octet-stream' } });
  if (put.status !== 201) throw new Error(`the artifact upload answered ${put.status}: ${await put.text()}`);
  return Number((await twirp(run, 'FinalizeArtifact', { name, size: String(zip.length), hash: `sha256:${sha256(zip)}` })).artifact_id);
}

/** A request whose body stops coming after `sent` bytes of an announced `length`: the client is still there, silent. */
export interface StalledRequest {
  request: ClientRequest;
  /** Resolves once the first bytes were sent. */
  started: Promise<void>;
}

/**
 * Starts a request announcing `length` bytes of body, sends `head` and then
 * `sent` random bytes, and then nothing more. Connection errors (the server
 * being killed) are swallowed: that is what these requests are for.
 */
export function stalledRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; head?: Buffer; sent: number; length: number },
): StalledRequest {
  const request = httpRequest(url, { method: init.method, headers: { ...init.headers, 'content-length': String(init.length) } });
  request.on('error', () => undefined);
  request.on('response', (response) => response.resume());
  const started = new Promise<void>((resolve) => {
    request.write(Buffer.concat([init.head ?? Buffer.alloc(0), randomBytes(init.sent)]), () => resolve());
  });
  return { request, started };
}

/** The start of a multipart body carrying the file in the `attachment` field, and the length the whole would have. */
export function multipartHead(fileSize: number): { head: Buffer; length: number; contentType: string } {
  const boundary = 'bellows-finding-5';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, length: head.length + fileSize + tail.length, contentType: `multipart/form-data; boundary=${boundary}` };
}
