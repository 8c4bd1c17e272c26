import { randomUUID } from 'node:crypto';
import { AttachmentStore, ContainerGoneError, isAttachedTo, NewRelease, QuotaUsageReader } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { newIssue, newRepository } from '../support/issue-fixtures';

/** The AttachmentStore port: attachments count toward the repository owner (run on SQLite and PostgreSQL). */
describeEachEngine('AttachmentStore contract', (ctx) => {
  const store = (): AttachmentStore => ctx().db.attachments;
  const usage = (): QuotaUsageReader => ctx().db.quotaUsage;
  const bytes = async (ownerId: number) => {
    const used = await usage().usageOf(ownerId);
    return { issues: used.bytesIn('attachments:issues'), releases: used.bytesIn('attachments:releases') };
  };

  /** A repository of a fresh owner with an issue, a comment on it and a release. */
  async function containers() {
    const { db } = ctx();
    const { owner, repo } = await newRepository(db);
    const issue = await newIssue(db, { repoId: repo.id, posterId: owner.id });
    const comment = await db.comments.insert({ issueId: issue.id, type: 0, posterId: owner.id, content: 'c', createdAt: new Date() });
    const releaseInput: NewRelease = {
      repoId: repo.id,
      tagName: `v${issue.id}`,
      targetCommitish: 'main',
      name: '',
      body: '',
      isDraft: true,
      isPrerelease: false,
      publisherId: owner.id,
      sha1: null,
      createdAt: new Date(),
      publishedAt: null,
    };
    const release = await db.releases.create(releaseInput);
    return { owner, repo, issue, comment, release };
  }

  it('records an attachment with every field, found by id and uuid, counted for the repository owner', async () => {
    const { owner, repo, issue } = await containers();
    const createdAt = new Date(Date.UTC(2024, 0, 2));
    const uuid = randomUUID();
    const created = await store().insert({
      repoId: repo.id,
      issueId: issue.id,
      name: 'a.txt',
      size: 30,
      uploaderId: owner.id,
      uuid,
      createdAt,
    });
    const expected = {
      id: created.id,
      uuid,
      repoId: repo.id,
      issueId: issue.id,
      commentId: null,
      releaseId: null,
      uploaderId: owner.id,
      name: 'a.txt',
      size: 30,
      createdAt,
      downloadCount: 0,
    };
    expect(created).toMatchObject(expected);
    expect(await store().findById(created.id)).toMatchObject(expected);
    expect(await store().findByUuid(uuid)).toMatchObject(expected);
    expect(await bytes(owner.id)).toEqual({ issues: 30, releases: 0 });
  });

  it('gives a new attachment a random uuid and the current date when none is given', async () => {
    const { repo, release } = await containers();
    const before = Date.now();
    const a = await store().insert({ repoId: repo.id, releaseId: release.id, name: 'a', size: 1, uploaderId: null });
    const b = await store().insert({ repoId: repo.id, releaseId: release.id, name: 'b', size: 1, uploaderId: null });
    expect(a.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.uuid).not.toBe(b.uuid);
    expect(a.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers null for an attachment that does not exist, and for an id no row can have', async () => {
    expect(await store().findById(2_000_000_000)).toBeNull();
    expect(await store().findById(999_999_999_999_999)).toBeNull();
    expect(await store().findByUuid('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it("lists an issue's own, a comment's and a release's attachments, oldest first; several releases at once", async () => {
    const { repo, issue, comment, release } = await containers();
    const other = await containers();
    const own1 = await store().insert({ repoId: repo.id, issueId: issue.id, name: '1', size: 1, uploaderId: null });
    const ofComment = await store().insert({
      repoId: repo.id,
      issueId: issue.id,
      commentId: comment.id,
      name: 'c',
      size: 1,
      uploaderId: null,
    });
    const own2 = await store().insert({ repoId: repo.id, issueId: issue.id, name: '2', size: 1, uploaderId: null });
    const rel1 = await store().insert({ repoId: repo.id, releaseId: release.id, name: 'r1', size: 1, uploaderId: null });
    const rel2 = await store().insert({ repoId: other.repo.id, releaseId: other.release.id, name: 'r2', size: 1, uploaderId: null });
    const rel3 = await store().insert({ repoId: repo.id, releaseId: release.id, name: 'r3', size: 1, uploaderId: null });
    expect((await store().listOfIssue(issue.id)).map((a) => a.id)).toEqual([own1.id, own2.id]);
    expect((await store().listOfComment(comment.id)).map((a) => a.id)).toEqual([ofComment.id]);
    expect((await store().listOfRelease(release.id)).map((a) => a.id)).toEqual([rel1.id, rel3.id]);
    expect((await store().listOfReleases([other.release.id, release.id])).map((a) => a.id)).toEqual([rel1.id, rel2.id, rel3.id]);
    expect(await store().listOfReleases([])).toEqual([]);
    expect(await store().listOfIssue(other.issue.id)).toEqual([]);
  });

  it('agrees with isAttachedTo: what each list shows is attached there', async () => {
    const { repo, issue, comment, release } = await containers();
    const own = await store().insert({ repoId: repo.id, issueId: issue.id, name: 'o', size: 1, uploaderId: null });
    const ofComment = await store().insert({
      repoId: repo.id,
      issueId: issue.id,
      commentId: comment.id,
      name: 'c',
      size: 1,
      uploaderId: null,
    });
    const ofRelease = await store().insert({ repoId: repo.id, releaseId: release.id, name: 'r', size: 1, uploaderId: null });
    expect([own, ofComment, ofRelease].map((a) => isAttachedTo(a, { kind: 'issue', id: issue.id }))).toEqual([true, false, false]);
    expect([own, ofComment, ofRelease].map((a) => isAttachedTo(a, { kind: 'comment', id: comment.id }))).toEqual([false, true, false]);
    expect([own, ofComment, ofRelease].map((a) => isAttachedTo(a, { kind: 'release', id: release.id }))).toEqual([false, false, true]);
  });

  it('renames by id, answering false when the attachment is gone; counts downloads', async () => {
    const { repo, issue } = await containers();
    const attachment = await store().insert({ repoId: repo.id, issueId: issue.id, name: 'old', size: 1, uploaderId: null });
    expect(await store().rename(attachment.id, 'new')).toBe(true);
    await store().countDownload(attachment.id);
    await store().countDownload(attachment.id);
    expect(await store().findById(attachment.id)).toMatchObject({ name: 'new', downloadCount: 2 });
    await store().delete(attachment.id);
    expect(await store().rename(attachment.id, 'again')).toBe(false);
    await expect(store().countDownload(attachment.id)).resolves.toBeUndefined();
  });

  it('refuses an attachment whose container is gone (ContainerGoneError), recording nothing', async () => {
    const { owner, repo, issue, release } = await containers();
    expect(await store().deleteContainer('release', release.id)).toEqual([]);
    const late = { repoId: repo.id, name: 'late', size: 5, uploaderId: null };
    await expect(store().insert({ ...late, releaseId: release.id })).rejects.toBeInstanceOf(ContainerGoneError);
    expect(await store().deleteContainer('issue', issue.id)).toEqual([]);
    await expect(store().insert({ ...late, issueId: issue.id })).rejects.toBeInstanceOf(ContainerGoneError);
    expect(await bytes(owner.id)).toEqual({ issues: 0, releases: 0 });
  });

  it('deletes an attachment once, taking its bytes off the ledger; false when it was already gone', async () => {
    const { owner, repo, release } = await containers();
    const attachment = await store().insert({ repoId: repo.id, releaseId: release.id, name: 'a.zip', size: 500, uploaderId: null });
    expect(await bytes(owner.id)).toEqual({ issues: 0, releases: 500 });
    expect(await store().delete(attachment.id)).toBe(true);
    expect(await store().delete(attachment.id)).toBe(false);
    expect(await store().findById(attachment.id)).toBeNull();
    expect(await bytes(owner.id)).toEqual({ issues: 0, releases: 0 });
  });

  it("deletes a container with its attachments (an issue's include its comments'), answering them; null when it is gone", async () => {
    const { db } = ctx();
    const { owner, repo, issue, comment, release } = await containers();
    await store().insert({ repoId: repo.id, issueId: issue.id, name: 'own', size: 10, uploaderId: null });
    await store().insert({ repoId: repo.id, issueId: issue.id, commentId: comment.id, name: 'of-comment', size: 20, uploaderId: null });
    await store().insert({ repoId: repo.id, releaseId: release.id, name: 'r', size: 40, uploaderId: null });
    expect(await bytes(owner.id)).toEqual({ issues: 30, releases: 40 });
    expect((await store().deleteContainer('issue', issue.id))?.map((a) => a.name).sort()).toEqual(['of-comment', 'own']);
    expect(await db.issues.findById(issue.id)).toBeNull();
    expect(await store().deleteContainer('issue', issue.id)).toBeNull();
    expect(await bytes(owner.id)).toEqual({ issues: 0, releases: 40 });
    expect((await store().deleteContainer('release', release.id))?.map((a) => a.name)).toEqual(['r']);
    expect(await store().deleteContainer('release', release.id)).toBeNull();
    expect(await bytes(owner.id)).toEqual({ issues: 0, releases: 0 });
  });

  it('deletes a comment with its attachments only', async () => {
    const { repo, issue, comment } = await containers();
    await store().insert({ repoId: repo.id, issueId: issue.id, name: 'own', size: 1, uploaderId: null });
    await store().insert({ repoId: repo.id, issueId: issue.id, commentId: comment.id, name: 'of-comment', size: 1, uploaderId: null });
    expect((await store().deleteContainer('comment', comment.id))?.map((a) => a.name)).toEqual(['of-comment']);
    expect(await store().deleteContainer('comment', comment.id)).toBeNull();
    expect((await store().listOfIssue(issue.id)).map((a) => a.name)).toEqual(['own']);
  });

  it('lists the attachments counted for an owner, biggest first, paged, with the total and what their URLs need', async () => {
    const { owner, repo, issue, release } = await containers();
    await store().insert({ repoId: repo.id, name: 'loose', size: 1000, uploaderId: null }); // attached to nothing: not counted
    const small = await store().insert({ repoId: repo.id, issueId: issue.id, name: 'small', size: 5, uploaderId: null });
    const big = await store().insert({ repoId: repo.id, releaseId: release.id, name: 'big', size: 50, uploaderId: null });
    const [page, total] = await store().listCountedForOwner(owner.id, 0, 1);
    expect(total).toBe(2);
    expect(page).toEqual([
      {
        id: big.id,
        uuid: big.uuid,
        name: 'big',
        size: 50,
        issueId: null,
        issueIndex: null,
        commentId: null,
        releaseId: release.id,
        releaseTag: release.tagName,
        ownerName: owner.name,
        repoName: repo.name,
      },
    ]);
    const [second] = await store().listCountedForOwner(owner.id, 1, 10);
    expect(second).toEqual([
      expect.objectContaining({ id: small.id, issueId: issue.id, issueIndex: issue.index, releaseId: null, releaseTag: null }),
    ]);
  });
});
