import { RepositoryTransferStore, TransferInProgressError } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The RepositoryTransferStore port: what every implementation must answer (run on SQLite and PostgreSQL). */
describeEachEngine('RepositoryTransferStore contract', (ctx) => {
  const store = (): RepositoryTransferStore => ctx().db.repositoryTransfers;

  async function transferOf(gitSize = 0) {
    const owner = await insertOwner(ctx().db);
    const recipient = await insertOwner(ctx().db);
    const repo = await ctx().db.repositories.insert({ ownerId: owner.id, name: uniqueName('Repo'), gitSize });
    return { owner, recipient, repo, transfer: { repoId: repo.id, doerId: owner.id, recipientId: recipient.id, teamIds: [] as number[] } };
  }

  it('keeps one pending transfer per repository until it is cancelled', async () => {
    const { transfer } = await transferOf();
    expect(await store().start({ ...transfer, teamIds: [3, 4] })).toMatchObject({
      repoId: transfer.repoId,
      teamIds: [3, 4],
      movingFrom: null,
    });
    await expect(store().start(transfer)).rejects.toBeInstanceOf(TransferInProgressError);
    expect(await store().pendingFor(transfer.repoId)).toMatchObject({ recipientId: transfer.recipientId, teamIds: [3, 4] });
    expect(await store().cancel(transfer.repoId)).toBe(true);
    expect(await store().cancel(transfer.repoId)).toBe(false);
    expect(await store().pendingFor(transfer.repoId)).toBeNull();
  });

  it('changes the owner and notes the move in one go; the note stays until the move is finished', async () => {
    const { owner, recipient, repo, transfer } = await transferOf(40);
    await store().start(transfer);
    await store().changeOwner(transfer, owner.name);
    expect((await ctx().db.repositories.findById(repo.id))?.ownerId).toBe(recipient.id);
    expect(await store().pendingFor(repo.id)).toBeNull();
    expect(await store().unfinishedMoves()).toEqual(
      expect.arrayContaining([expect.objectContaining({ repoId: repo.id, movingFrom: owner.name })]),
    );
    await expect(store().changeOwner({ ...transfer, recipientId: owner.id }, recipient.name)).rejects.toBeInstanceOf(
      TransferInProgressError,
    );
    await store().finishMove(repo.id);
    expect((await store().unfinishedMoves()).some((t) => t.repoId === repo.id)).toBe(false);
    expect((await ctx().db.quotaUsage.usageOf(recipient.id)).toJSON()).toMatchObject({ 'repos:public': 40 });
    expect(await ctx().db.quotaRecount.differences()).toEqual([]);
  });
});
