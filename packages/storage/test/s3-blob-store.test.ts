import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createTestS3Store, type TestS3Store } from '../src';

describe('S3BlobStore smoke', () => {
  let s3: TestS3Store;
  beforeAll(async () => {
    s3 = await createTestS3Store('bellows-contract');
  });
  afterAll(async () => {
    await s3?.drop();
  });
  it('round trips', async () => {
    const store = s3.store;
    const stored = await store.write('a/b', Readable.from([Buffer.from('hello world')]));
    expect(stored).toEqual({ key: 'a/b', size: 11, sha256: createHash('sha256').update('hello world').digest('hex'), created: true });
    expect((await buffer(await store.read('a/b', { start: 6, end: 10 }))).toString()).toBe('world');
    const d = await store.writeDerived(Readable.from([Buffer.alloc(20 * 1024 * 1024, 1)]), { overwrite: false }, (i) => `x/${i.sha256}`);
    expect(d.created).toBe(true);
    const again = await store.writeDerived(
      Readable.from([Buffer.alloc(20 * 1024 * 1024, 1)]),
      { overwrite: false },
      (i) => `x/${i.sha256}`,
    );
    expect(again.created).toBe(false);
    const keys = [];
    for await (const b of store.list()) keys.push(b.key);
    expect(keys.sort()).toEqual(['a/b', d.key]);
    await store.deleteFolder('x');
    expect(await store.exists(d.key)).toBe(false);
  });
});
