import {
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  CollaborationStore,
  NewRepositoryTransfer,
  Owner,
  OwnerStore,
  RepositoryNameTakenError,
  RepositoryStore,
  RepositoryTransfer,
  RepositoryTransferStore,
  TeamRepositoryStore,
  TeamStore,
  TransferInProgressError,
} from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { BareRepositories } from './bare-repositories';
import { ApiRepository } from './dto/repository.dto';
import { TransferRepoOption } from './dto/transfer.dto';
import { RepoContext, RepositoryAccess } from './repository-access.service';
import { RepositoryShaping } from './repository-shaping.service';
import { RepositoryService } from './repository.service';

/** What a transfer request ended in: pending (Forgejo answers 201) or done (202). */
export interface TransferOutcome {
  pending: boolean;
  repository: ApiRepository;
}

/**
 * Forgejo's repository transfers. A site admin, someone giving a repository
 * to themselves, or to an organization they may create repositories in,
 * transfers at once; otherwise the transfer waits for the recipient to
 * accept or reject it (and a user recipient who could not read the
 * repository gets read access meanwhile, as in Forgejo).
 *
 * The ownership change is ordered so that a crash never loses the files:
 * one transaction changes the owner, moves every counted byte to the new
 * owner's usage, and notes that the folder is still under the old owner's
 * name; then the folder is renamed; then the note is dropped. The database
 * is the truth and the disk follows it: after a crash between the two, the
 * next start finds the note and finishes the rename (`onApplicationBootstrap`).
 */
@Injectable()
export class RepositoryTransfers implements OnApplicationBootstrap {
  private readonly logger = new Logger(RepositoryTransfers.name);

  constructor(
    private readonly transfers: RepositoryTransferStore,
    private readonly repositories: RepositoryStore,
    private readonly owners: OwnerStore,
    private readonly teams: TeamStore,
    private readonly teamRepositories: TeamRepositoryStore,
    private readonly collaborations: CollaborationStore,
    private readonly membership: OrgMembershipService,
    private readonly access: RepositoryAccess,
    private readonly git: BareRepositories,
    private readonly shaping: RepositoryShaping,
    private readonly repositoryService: RepositoryService,
  ) {}

  /** `repoTransfer`: only the repository's owner (an organization's owners) or a site admin may give it away. */
  async transfer(ctx: RepoContext, body: TransferRepoOption, doer: Owner): Promise<TransferOutcome> {
    await this.requireOwner(ctx, doer);
    const recipient = await this.recipientNamed(body.new_owner, doer);
    const teamIds = await this.teamsOf(recipient, body.team_ids);
    if (await this.transfers.pendingFor(ctx.repo.id)) throw inProgress(ctx);
    if (await this.repositories.findByOwnerAndName(recipient.id, ctx.repo.name)) throw nameTaken(recipient, ctx);
    const transfer = { repoId: ctx.repo.id, doerId: doer.id, recipientId: recipient.id, teamIds };
    if (await this.transfersAtOnce(doer, recipient)) {
      await this.changeOwner(ctx, transfer);
      return { pending: false, repository: await this.shapeAfter(ctx, recipient, doer) };
    }
    if (recipient.kind === 'user' && (await this.access.permissionOf(ctx.owner, ctx.repo, recipient)) === 'none')
      await this.collaborations.set(ctx.repo.id, recipient.id, 'read');
    try {
      await this.transfers.start(transfer);
    } catch (error) {
      throw error instanceof TransferInProgressError ? inProgress(ctx) : error;
    }
    return { pending: true, repository: await this.shaping.withParent(ctx, doer) };
  }

  /** `acceptRepoTransfer`: the recipient (an organization's members who may create repositories in it) takes it. */
  async accept(ownerName: string, repoName: string, actor: Actor): Promise<ApiRepository> {
    const { ctx, pending } = await this.pendingTransfer(ownerName, repoName, actor);
    const recipient = await this.owners.findById(pending.recipientId);
    if (!recipient) throw new NotFoundException(`the recipient of the transfer no longer exists`);
    await this.changeOwner(ctx, pending);
    return this.shapeAfter(ctx, recipient, actor.user);
  }

  /** `rejectRepoTransfer`: the recipient declines; nothing moves. */
  async reject(ownerName: string, repoName: string, actor: Actor): Promise<ApiRepository> {
    const { ctx } = await this.pendingTransfer(ownerName, repoName, actor);
    await this.transfers.cancel(ctx.repo.id);
    return this.shaping.withParent(ctx, actor.user);
  }

  /** Finishes the folder moves a crash interrupted (see the class comment). */
  async onApplicationBootstrap(): Promise<void> {
    for (const transfer of await this.transfers.unfinishedMoves())
      await this.moveFiles(transfer).catch((error) => this.logger.error(`could not finish moving repository ${transfer.repoId}: ${error}`));
  }

  /**
   * The repository and its pending transfer, for someone who may accept or
   * reject it. An organization's members may not see a private repository
   * offered to it yet: they find it through the transfer. 404 when there is
   * no transfer (or the caller may not know of it), 403 when they may see it
   * but not answer it.
   */
  private async pendingTransfer(
    ownerName: string,
    repoName: string,
    actor: Actor,
  ): Promise<{ ctx: RepoContext; pending: RepositoryTransfer }> {
    const visible = await this.access.resolve(ownerName, repoName, actor).catch((error) => {
      if (error instanceof NotFoundException) return null;
      throw error;
    });
    const ctx = visible ?? (await this.offeredTo(ownerName, repoName, actor));
    const pending = await this.transfers.pendingFor(ctx.repo.id);
    if (!pending) throw new NotFoundException(`repository ${ctx.owner.name}/${ctx.repo.name} has no pending transfer`);
    if (!(await this.mayAnswer(pending, actor.user)))
      throw new ForbiddenException(`you may not accept or reject the transfer of ${ctx.owner.name}/${ctx.repo.name}`);
    return { ctx, pending };
  }

  /** A repository the caller cannot read but whose pending transfer they may answer; 404 otherwise. */
  private async offeredTo(ownerName: string, repoName: string, actor: Actor): Promise<RepoContext> {
    const notFound = new NotFoundException(`repository ${ownerName}/${repoName} does not exist`);
    const owner = await this.owners.findByName(ownerName);
    const repo = owner && (await this.repositories.findByOwnerAndName(owner.id, repoName));
    const pending = repo && (await this.transfers.pendingFor(repo.id));
    if (!owner || !repo || !pending || !(await this.mayAnswer(pending, actor.user))) throw notFound;
    return { owner, repo, permission: 'read' };
  }

  private async mayAnswer(transfer: RepositoryTransfer, user: Owner): Promise<boolean> {
    if (user.isAdmin || user.id === transfer.recipientId) return true;
    const recipient = await this.owners.findById(transfer.recipientId);
    return recipient?.kind === 'organization' && (await this.mayCreateIn(recipient, user));
  }

  private async transfersAtOnce(doer: Owner, recipient: Owner): Promise<boolean> {
    if (doer.isAdmin || doer.id === recipient.id) return true;
    return recipient.kind === 'organization' && this.mayCreateIn(recipient, doer);
  }

  private async mayCreateIn(org: Owner, user: Owner): Promise<boolean> {
    return (await this.membership.mayManage(org, user)) || (await this.teamRepositories.teamsThatMayCreate(org.id, user.id)).length > 0;
  }

  private async requireOwner(ctx: RepoContext, doer: Owner): Promise<void> {
    const isOwner = ctx.permission === 'owner' || (ctx.owner.kind === 'organization' && (await this.membership.isOwner(ctx.owner, doer)));
    if (!isOwner) throw new ForbiddenException(`only the owner of ${ctx.owner.name}/${ctx.repo.name} may transfer it`);
  }

  /** 404 for an unknown owner, or a private organization the doer is no member of, as Forgejo answers. */
  private async recipientNamed(name: string, doer: Owner): Promise<Owner> {
    const recipient = await this.owners.findByName(name);
    if (!recipient || !(await this.membership.canSee(recipient, doer)))
      throw new NotFoundException(`the new owner "${name}" does not exist or cannot be found`);
    return recipient;
  }

  /** The teams to give the repository to: 422 unless the recipient is an organization and each team exists; 403 for another organization's team. */
  private async teamsOf(recipient: Owner, teamIds: number[] | undefined): Promise<number[]> {
    if (teamIds === undefined) return [];
    if (recipient.kind !== 'organization')
      throw new UnprocessableEntityException('teams can only be added to organization-owned repositories');
    for (const id of teamIds) {
      const team = await this.teams.findById(id);
      if (!team) throw new UnprocessableEntityException(`team ${id} does not exist`);
      if (team.orgId !== recipient.id) throw new ForbiddenException(`team ${id} does not belong to ${recipient.name}`);
    }
    return [...new Set(teamIds)];
  }

  private async changeOwner(ctx: RepoContext, transfer: NewRepositoryTransfer): Promise<void> {
    try {
      await this.transfers.changeOwner(transfer, ctx.owner.name);
    } catch (error) {
      if (error instanceof RepositoryNameTakenError)
        throw new UnprocessableEntityException(`the new owner already has a repository named ${ctx.repo.name}`);
      throw error instanceof TransferInProgressError ? inProgress(ctx) : error;
    }
    await this.moveFiles({ repoId: ctx.repo.id, movingFrom: ctx.owner.name });
  }

  /**
   * Renames the folder to where the repository's owner says it is (unless
   * already done), then forgets the note. The size is measured again at the
   * new place: a push that ended while the folder moved measured the old one.
   */
  private async moveFiles({ repoId, movingFrom }: Pick<RepositoryTransfer, 'repoId' | 'movingFrom'>): Promise<void> {
    const repo = await this.repositories.findById(repoId);
    const owner = repo && (await this.owners.findById(repo.ownerId));
    if (repo && owner && movingFrom && !(await this.git.exists(owner.name, repo.name)))
      await this.git.move({ owner: movingFrom, repo: repo.name }, { owner: owner.name, repo: repo.name }).catch(async (error) => {
        // Another instance, starting meanwhile, may have found the note and moved the folder first: then it is done.
        if (!(await this.git.exists(owner.name, repo.name))) throw error;
      });
    await this.transfers.finishMove(repoId);
    if (repo && owner && (await this.git.exists(owner.name, repo.name))) await this.repositoryService.refreshGitSize(repo, owner);
  }

  private async shapeAfter(ctx: RepoContext, recipient: Owner, viewer: Owner): Promise<ApiRepository> {
    const repo = (await this.repositories.findById(ctx.repo.id)) ?? ctx.repo;
    return this.shaping.withParent({ owner: recipient, repo, permission: await this.access.permissionOf(recipient, repo, viewer) }, viewer);
  }
}

function inProgress(ctx: RepoContext): ConflictException {
  return new ConflictException(`repository ${ctx.owner.name}/${ctx.repo.name} already has a transfer in progress`);
}

function nameTaken(recipient: Owner, ctx: RepoContext): UnprocessableEntityException {
  return new UnprocessableEntityException(`${recipient.name} already has a repository named ${ctx.repo.name}`);
}
