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
    expect(await db.packages.putBlob(sha256, 10)).toMatchObject({ md5: null, sha1: null, sha512: null });
    expect(await db.packages.putBlob(sha256, 10, { sha1: digests.sha1, sha512: digests.sha512 })).toMatchObject({
      md5: null,
      sha1: digests.sha1,
      sha512: digests.sha512,
    });
    expect(await db.packages.putBlob(sha256, 10, digests)).toMatchObject(digests);
    expect(await db.packages.putBlob(sha256, 10)).toMatchObject(digests);
  });

  it('records digests computed later by blob id, keeping any already recorded; two writers at once agree', async () => {
    const { db } = ctx();
    const blob = await db.packages.putBlob(sha(), 10, { sha1: digests.sha1 });
    const written = await Promise.all([1, 2].map(() => db.packages.recordDigests(blob.id, { md5: digests.md5, sha512: digests.sha512 })));
    expect(written).toEqual([expect.objectContaining(digests), expect.objectContaining(digests)]);
    // A recorded digest is never changed, whatever a later writer says.
    expect(await db.packages.recordDigests(blob.id, { md5: 'f'.repeat(32) })).toMatchObject(digests);
    expect(await db.packages.recordDigests(blob.id + 1_000_000, digests)).toBeNull();
  });
});
