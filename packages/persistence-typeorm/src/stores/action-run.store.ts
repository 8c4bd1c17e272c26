import { EntityManager, LessThan } from 'typeorm';
import { ActionArtifactUploadEntity } from '../entities/action-artifact-upload.entity';
import { ActionRunEntity } from '../entities/action-run.entity';
import { InTransaction } from '../quota/in-transaction';
import { holdContainers } from '../quota/locked-row';
import type { ActionRunStore, AssembledUpload, NewActionRun, NewArtifactUpload } from '@bellows/domain';

/** The ActionRunStore port on TypeORM: runs registered by CI systems, and their artifact uploads not finalized yet. */
export class TypeOrmActionRunStore implements ActionRunStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  /** Inserts the run with the repository's next run number. Call inside a transaction. */
  async insert(input: NewActionRun): Promise<ActionRunEntity> {
    const runs = this.manager.getRepository(ActionRunEntity);
    const last = await runs.findOne({ where: { repoId: input.repoId }, order: { runNumber: 'DESC' } });
    return runs.save(runs.create({ ...input, runNumber: (last?.runNumber ?? 0) + 1, createdAt: new Date() }));
  }

  findById(id: number): Promise<ActionRunEntity | null> {
    return this.manager.getRepository(ActionRunEntity).findOneBy({ id });
  }

  findInRepository(repoId: number, id: number): Promise<ActionRunEntity | null> {
    return this.manager.getRepository(ActionRunEntity).findOneBy({ repoId, id });
  }

  /** One page of the repository's runs, newest first, and how many there are. */
  listForRepository(repoId: number, skip: number, take: number): Promise<[ActionRunEntity[], number]> {
    return this.manager.getRepository(ActionRunEntity).findAndCount({ where: { repoId }, order: { runNumber: 'DESC' }, skip, take });
  }

  /** Starts an artifact upload while holding its run; ContainerGoneError when the run is gone. */
  insertUpload(input: NewArtifactUpload): Promise<ActionArtifactUploadEntity> {
    return this.inTransaction(async (manager) => {
      await holdContainers(manager, [{ kind: 'actions run', entity: ActionRunEntity, id: input.runId }]);
      const uploads = manager.getRepository(ActionArtifactUploadEntity);
      return uploads.save(uploads.create({ ...input, storageKey: null, size: null, sha256: null, createdAt: new Date() }));
    });
  }

  findUpload(id: number): Promise<ActionArtifactUploadEntity | null> {
    return this.manager.getRepository(ActionArtifactUploadEntity).findOneBy({ id });
  }

  findUploadByName(runId: number, name: string): Promise<ActionArtifactUploadEntity | null> {
    return this.manager.getRepository(ActionArtifactUploadEntity).findOneBy({ runId, name });
  }

  /**
   * Records where the upload's content was assembled. In a transaction of its
   * own: on SQLite's one connection a lone write could otherwise land in (and
   * roll back with) another request's open transaction.
   */
  markUploadAssembled(id: number, assembled: AssembledUpload): Promise<void> {
    return this.inTransaction(async (manager) => {
      await manager.getRepository(ActionArtifactUploadEntity).update({ id }, assembled);
    });
  }

  /** False when the upload was gone already (finalized or abandoned by another request). */
  async deleteUpload(id: number): Promise<boolean> {
    return ((await this.manager.getRepository(ActionArtifactUploadEntity).delete({ id })).affected ?? 0) > 0;
  }

  /** Uploads started before `before` and never finalized (abandoned by their client). */
  listUploadsStartedBefore(before: Date, take: number): Promise<ActionArtifactUploadEntity[]> {
    return this.manager
      .getRepository(ActionArtifactUploadEntity)
      .find({ where: { createdAt: LessThan(before) }, order: { id: 'ASC' }, take });
  }
}
