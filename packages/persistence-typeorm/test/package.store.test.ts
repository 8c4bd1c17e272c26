import { createHash } from 'crypto';
import { describeEachEngine } from './support/each-engine';
import { uniqueName } from './support/quota-fixtures';

describeEachEngine('package store', (ctx) => {
  const sha = () => createHash('sha256').update(uniqueName('blob')).digest('hex');
  const digests = { md5: 'a'.repeat(32), sha1: 'b'.repeat(40), sha512: 'c'.repeat(128) };

  it('records the same content uploaded twice at once as one blob, without a unique-key error', async () => {
    const { db } = ctx();
    const sha256 = sha();
    const blobs = await Promise.all(Array.from({ length: 4 }, () => db.transaction((tx) => tx.packages.putBlob(sha256, 10, digests))));
    expect(new Set(blobs.map((blob) => blob.id)).size).toBe(1);
    expect(blobs[0]).toMatchObject({ sha256, size: 10, ...digests });
  });

  it('fills in digests that were not known when the blob was first recorded, and never empties them', async () => {
    const { db } = ctx();
    const sha256 = sha();
    expect((await db.packages.putBlob(sha256, 10)).sha512).toBe('');
    expect(await db.packages.putBlob(sha256, 10, digests)).toMatchObject(digests);
    expect(await db.packages.putBlob(sha256, 10)).toMatchObject(digests);
  });
});
