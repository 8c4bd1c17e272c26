import { createHash } from 'node:crypto';
import { createTestUser, TestUser } from '../support/fixtures';
import { Answer, RacePair, raceContent, raceSettings, rowExists, itHoldsUnderRaces, WriteContext } from '../support/race-harness';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Package uploads held mid-body while the version or package they go into is
 * deleted (see race-harness.ts for the interleavings). Each iteration has its
 * own package, already holding one version with one file: what the deletion
 * removes, and what must never come back.
 */
describe('race suite: package registries', () => {
  const settings = raceSettings();
  let server: TestServer;
  let owner: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
  });
  afterAll(async () => server?.close());

  const auth = () => ({ authorization: `token ${owner.token}` });
  const VERSION = '1.0.0';

  /** A package, its version and its file as they were before the race. */
  interface Existing {
    name: string;
    packageId: number;
    versionId: number;
    fileId: number;
  }

  async function recorded(type: string, name: string, fileName: string): Promise<Existing> {
    const pkg = await server.db.packages.findPackage(owner.user.id, type, name);
    const version = pkg && (await server.db.packages.findVersion(pkg.id, VERSION));
    const file = version && (await server.db.packages.findFile(version.id, fileName));
    if (!pkg || !version || !file) throw new Error(`setup: ${type} package ${name} ${VERSION} ${fileName} was not recorded`);
    return { name, packageId: pkg.id, versionId: version.id, fileId: file.file.id };
  }

  async function expectCreated(answer: Answer): Promise<void> {
    if (answer.status !== 201) throw new Error(`setup: ${answer.label} answered ${answer.status} ${answer.text}`);
  }

  /** Rows of the package that was there before: none may exist once its deletion was answered. */
  async function oldRowsBack(existing: Existing, includePackage: boolean): Promise<string[]> {
    const findings: string[] = [];
    if (await rowExists(server, 'package_version', existing.versionId))
      findings.push(`package_version ${existing.versionId} (${existing.name} ${VERSION}) exists after its deletion was answered`);
    if (await rowExists(server, 'package_file', existing.fileId))
      findings.push(`package_file ${existing.fileId} of ${existing.name} ${VERSION} exists after its deletion was answered`);
    if (includePackage && (await rowExists(server, 'package', existing.packageId)))
      findings.push(`package ${existing.packageId} (${existing.name}) exists after its deletion was answered`);
    return findings;
  }

  // -------------------------------------------------------------------------
  // generic

  const genericPath = (name: string, file?: string) => `/api/packages/${owner.name}/generic/${name}/${VERSION}${file ? `/${file}` : ''}`;

  function genericUpload(file: string, held: boolean) {
    return async (existing: Existing, ctx: WriteContext): Promise<Answer[]> => {
      const request = {
        method: 'PUT',
        path: genericPath(existing.name, file),
        headers: { ...auth(), 'content-type': 'application/octet-stream' },
        body: raceContent(`generic-${existing.name}-${file}`, ctx.plan.contentBytes),
      };
      return [held ? await ctx.held(request) : await ctx.call(request)];
    };
  }

  function genericPair(removal: 'registry' | 'api'): RacePair<Existing> {
    return {
      title:
        removal === 'registry'
          ? 'generic package upload × version deletion (registry DELETE)'
          : 'generic package upload × deletePackage (package API)',
      parentName: 'package version',
      setup: async (index, rng) => {
        const name = `race-generic-${index}-${rng.int(0, 1e9).toString(36)}`;
        await expectCreated(
          await sendWhole({ method: 'PUT', path: genericPath(name, 'old.bin'), headers: auth(), body: raceContent(`old-${name}`, 1000) }),
        );
        return recorded('generic', name, 'old.bin');
      },
      write: genericUpload('new.bin', true),
      second: genericUpload('new2.bin', false),
      remove: (existing, ctx) =>
        ctx.call({
          method: 'DELETE',
          path: removal === 'registry' ? genericPath(existing.name) : `/api/v1/packages/${owner.name}/generic/${existing.name}/${VERSION}`,
          headers: auth(),
        }),
      parents: (existing) => ({ package: [existing.packageId], package_version: [existing.versionId] }),
      resurrected: async (existing) => {
        const findings = await oldRowsBack(existing, false);
        const old = await fetch(`${server.url}${genericPath(existing.name, 'old.bin').slice(1)}`, { headers: auth() });
        if (old.status !== 404) findings.push(`GET old.bin → ${old.status} after its version's deletion was answered`);
        return findings;
      },
      inconsistencies: async (existing, write) => {
        const last = write[write.length - 1];
        if (!last || (last.status >= 200 && last.status < 300)) return [];
        const file = await fetch(`${server.url}${genericPath(existing.name, 'new.bin').slice(1)}`, { headers: auth() });
        return file.status === 404 ? [] : [`the upload was answered ${last.status} but GET new.bin → ${file.status}`];
      },
    };
  }

  // -------------------------------------------------------------------------
  // npm

  const npmPath = (name: string) => `/api/packages/${owner.name}/npm/${name}`;

  /** The document `npm publish` PUTs: one version, its tarball base64-encoded, digests the server checks. */
  function npmDocument(name: string, version: string, tarball: Buffer): string {
    const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
    const shasum = createHash('sha1').update(tarball).digest('hex');
    return JSON.stringify({
      _id: name,
      name,
      'dist-tags': { latest: version },
      versions: {
        [version]: {
          name,
          version,
          description: 'race',
          dist: { integrity, shasum, tarball: `${server.url}${npmPath(name).slice(1)}/-/${name}-${version}.tgz` },
        },
      },
      _attachments: {
        [`${name}-${version}.tgz`]: { content_type: 'application/octet-stream', data: tarball.toString('base64'), length: tarball.length },
      },
    });
  }

  function npmPublish(version: string, held: boolean) {
    return async (existing: Existing, ctx: WriteContext): Promise<Answer[]> => {
      const request = {
        method: 'PUT',
        path: npmPath(existing.name),
        headers: { ...auth(), 'content-type': 'application/json' },
        body: npmDocument(existing.name, version, raceContent(`npm-${existing.name}-${version}`, ctx.plan.contentBytes)),
      };
      return [held ? await ctx.held(request) : await ctx.call(request)];
    };
  }

  async function packumentVersions(name: string): Promise<{ status: number; versions: string[] }> {
    const res = await fetch(`${server.url}${npmPath(name).slice(1)}`, { headers: auth() });
    const body = res.status === 200 ? ((await res.json()) as { versions?: Record<string, unknown> }) : undefined;
    return { status: res.status, versions: Object.keys(body?.versions ?? {}) };
  }

  function npmPair(removal: 'package' | 'version'): RacePair<Existing> {
    return {
      title:
        removal === 'package'
          ? 'npm publish × package deletion (npm unpublish -rev)'
          : 'npm publish × deletion of the only version (tarball DELETE)',
      parentName: removal === 'package' ? 'package' : 'package version',
      setup: async (index, rng) => {
        const name = `race-npm-${index}-${rng.int(0, 1e9).toString(36)}`;
        await expectCreated(
          await sendWhole({
            method: 'PUT',
            path: npmPath(name),
            headers: { ...auth(), 'content-type': 'application/json' },
            body: npmDocument(name, VERSION, raceContent(`old-${name}`, 1000)),
          }),
        );
        return recorded('npm', name, `${name}-${VERSION}.tgz`);
      },
      write: npmPublish('1.0.1', true),
      second: npmPublish('1.0.2', false),
      remove: (existing, ctx) =>
        ctx.call({
          method: 'DELETE',
          path:
            removal === 'package'
              ? `${npmPath(existing.name)}/-rev/1-race`
              : `${npmPath(existing.name)}/-/${VERSION}/${existing.name}-${VERSION}.tgz/-rev/1-race`,
          headers: auth(),
        }),
      parents: (existing) => ({ package: [existing.packageId], package_version: [existing.versionId] }),
      resurrected: async (existing) => {
        const findings = await oldRowsBack(existing, removal === 'package');
        const packument = await packumentVersions(existing.name);
        if (packument.versions.includes(VERSION)) findings.push(`the packument lists ${VERSION} again after its deletion was answered`);
        return findings;
      },
      inconsistencies: async (existing, write) => {
        const last = write[write.length - 1];
        if (!last || (last.status >= 200 && last.status < 300)) return [];
        const packument = await packumentVersions(existing.name);
        return packument.versions.includes('1.0.1') ? [`the publish of 1.0.1 was answered ${last.status} but the packument lists it`] : [];
      },
    };
  }

  const sendWhole = async (request: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: Buffer | string;
  }): Promise<Answer> => {
    const res = await fetch(`${server.url}${request.path.slice(1)}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const text = await res.text();
    return { label: `${request.method} ${request.path}`, status: res.status, text, json: undefined };
  };

  for (const definition of [genericPair('registry'), genericPair('api'), npmPair('package'), npmPair('version')]) {
    itHoldsUnderRaces(() => server, definition, settings);
  }
});
