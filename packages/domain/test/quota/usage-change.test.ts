import { SizedThing, UsageChanges, attachmentHolder, bucketOf } from '../../src/quota';

describe('the bucket of a sized thing', () => {
  it.each<[SizedThing, string | undefined]>([
    [{ kind: 'repository-git', isPrivate: false }, 'repos:public'],
    [{ kind: 'repository-git', isPrivate: true }, 'repos:private'],
    [{ kind: 'repository-lfs' }, 'git:lfs'],
    [{ kind: 'attachment', heldBy: 'issue' }, 'attachments:issues'],
    [{ kind: 'attachment', heldBy: 'comment' }, 'attachments:issues'],
    [{ kind: 'attachment', heldBy: 'release' }, 'attachments:releases'],
    [{ kind: 'attachment', heldBy: 'nothing' }, undefined],
    [{ kind: 'package-file' }, 'packages'],
    [{ kind: 'artifact', active: true }, 'artifacts'],
    [{ kind: 'artifact', active: false }, undefined],
  ])('%j counts in %s', (thing, bucket) => {
    expect(bucketOf(thing)).toBe(bucket);
  });

  it("is the release's for an attachment linked to a release, and the comment's for one linked to a comment and its issue", () => {
    expect(attachmentHolder({ issueId: 1, commentId: null, releaseId: 3 })).toBe('release');
    expect(attachmentHolder({ issueId: 1, commentId: 2, releaseId: null })).toBe('comment');
    expect(attachmentHolder({ issueId: 1, commentId: null, releaseId: null })).toBe('issue');
    expect(attachmentHolder({ issueId: null, commentId: null, releaseId: null })).toBe('nothing');
  });
});

describe('usage changes', () => {
  const OWNER = 4;
  const publicGit: SizedThing = { kind: 'repository-git', isPrivate: false };
  const privateGit: SizedThing = { kind: 'repository-git', isPrivate: true };

  it('add and remove bytes in the bucket of the thing', () => {
    expect(UsageChanges.added(OWNER, { kind: 'package-file' }, 10)).toEqual([{ ownerId: OWNER, bucket: 'packages', delta: 10 }]);
    expect(UsageChanges.removed(OWNER, { kind: 'package-file' }, 10)).toEqual([{ ownerId: OWNER, bucket: 'packages', delta: -10 }]);
  });

  it('are none for a thing that counts nowhere, or for no bytes', () => {
    expect(UsageChanges.added(OWNER, { kind: 'artifact', active: false }, 10)).toEqual([]);
    expect(UsageChanges.added(OWNER, { kind: 'attachment', heldBy: 'nothing' }, 10)).toEqual([]);
    expect(UsageChanges.resized(OWNER, publicGit, 7, 7)).toEqual([]);
  });

  it('record a resize as the difference', () => {
    expect(UsageChanges.resized(OWNER, privateGit, 100, 40)).toEqual([{ ownerId: OWNER, bucket: 'repos:private', delta: -60 }]);
  });

  it('move bytes between buckets when what decides the bucket changes, and nothing when it does not', () => {
    expect(UsageChanges.moved(OWNER, publicGit, privateGit, 250)).toEqual([
      { ownerId: OWNER, bucket: 'repos:public', delta: -250 },
      { ownerId: OWNER, bucket: 'repos:private', delta: 250 },
    ]);
    expect(UsageChanges.moved(OWNER, publicGit, publicGit, 250)).toEqual([]);
  });

  it('merge into one change per owner and bucket, dropping what cancels out', () => {
    const changes = [
      ...UsageChanges.removed(OWNER, { kind: 'attachment', heldBy: 'issue' }, 5),
      ...UsageChanges.removed(OWNER, { kind: 'attachment', heldBy: 'comment' }, 6),
      ...UsageChanges.removed(9, { kind: 'attachment', heldBy: 'comment' }, 1),
      ...UsageChanges.added(OWNER, { kind: 'package-file' }, 3),
      ...UsageChanges.removed(OWNER, { kind: 'package-file' }, 3),
    ];
    expect(UsageChanges.merged(changes)).toEqual([
      { ownerId: OWNER, bucket: 'attachments:issues', delta: -11 },
      { ownerId: 9, bucket: 'attachments:issues', delta: -1 },
    ]);
  });
});
