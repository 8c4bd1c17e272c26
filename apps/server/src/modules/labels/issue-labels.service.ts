import { Inject, Injectable, Optional, UnprocessableEntityException } from '@nestjs/common';
import {
  addLabels,
  addLabelsDates,
  ExclusiveLabelConflictError,
  Issue,
  IssueLabelStore,
  Label,
  LabelChange,
  LabelStore,
  replaceLabels,
  TransactionStores,
  UnitOfWork,
  UsableLabels,
} from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { IssueLookup, ResolvedIssue } from '../issues/issue-lookup.service';
import { CommentType } from '../issues/timeline-types';
import { TimelineService } from '../issues/timeline.service';
import { UpdateDatePolicy } from '../issues/update-date-policy';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { usableLabelsOf } from '../issues/issues.service';
import { IssueWebhooks } from '../webhook-events/issue-webhooks.service';
import { ApiLabel, IssueLabelsOption, toApiLabel } from './dto/label.dto';
import { resolveLabelRefs } from './label-refs';

/** Where the issue is, as a request names it. */
export interface IssueAddress {
  owner: string;
  repo: string;
  index: number;
}

/** The dates a label change stamps: on its timeline events, and on the issue. */
interface LabelChangeDates {
  eventAt: Date;
  issueUpdatedAt: Date;
}

/**
 * The labels on an issue. Every change is one transaction that also records a
 * `label` event per label put on or taken off, so the timeline tells exactly
 * what changed. The scoped-label rule (exclusive labels) is the domain's.
 */
@Injectable()
export class IssueLabelsService {
  private readonly rootUrl: string;

  constructor(
    private readonly labels: LabelStore,
    private readonly issueLabels: IssueLabelStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly lookup: IssueLookup,
    private readonly access: RepositoryAccess,
    private readonly timeline: TimelineService,
    private readonly policy: UpdateDatePolicy,
    @Inject(CONFIG) config: BellowsConfig,
    /** Webhooks' `issue_label` events; optional so labels work without them. */
    @Optional() private readonly webhooks?: IssueWebhooks,
  ) {
    this.rootUrl = config.server.rootUrl;
  }

  async list(address: IssueAddress, actor: Actor | undefined): Promise<ApiLabel[]> {
    const target = await this.lookup.resolveIssue(address.owner, address.repo, address.index, actor);
    return this.shapes(target, await this.issueLabels.labelsOf(target.issue.id));
  }

  /** Adds labels; an exclusive one replaces the issue's label of its scope. `updated_at` dates the events. */
  async add(address: IssueAddress, option: IssueLabelsOption, actor: Actor): Promise<ApiLabel[]> {
    return this.change(address, option, actor, addLabels);
  }

  /** Makes the given labels the issue's labels. `updated_at` dates the events, as for adding. */
  async replace(address: IssueAddress, option: IssueLabelsOption, actor: Actor): Promise<ApiLabel[]> {
    return this.change(address, option, actor, replaceLabels);
  }

  async clear(address: IssueAddress, actor: Actor): Promise<void> {
    const target = await this.writable(address, actor);
    await this.apply(target, actor, (current) => replaceLabels(current, []), this.now(), true);
  }

  /** Takes one label off (422 when no such label exists; nothing happens when the issue does not carry it). */
  async remove(address: IssueAddress, labelId: number, actor: Actor): Promise<void> {
    const target = await this.writable(address, actor);
    const [label] = await this.labels.findUsable(usableIn(target), [labelId], []);
    if (!label) throw new UnprocessableEntityException(`label ${labelId} does not exist`);
    const takeOff = (current: Label[]): LabelChange<Label> => ({
      labels: current.filter((l) => l.id !== label.id),
      added: [],
      removed: current.filter((l) => l.id === label.id),
    });
    await this.apply(target, actor, takeOff, this.now());
  }

  private async change(
    address: IssueAddress,
    option: IssueLabelsOption,
    actor: Actor,
    rule: (current: Label[], requested: Label[]) => LabelChange<Label>,
  ): Promise<ApiLabel[]> {
    const target = await this.writable(address, actor);
    const requested = await resolveLabelRefs(this.labels, usableIn(target), option.labels ?? []);
    const context = this.policy.context(target.repoCtx, actor, option.updated_at);
    const dates = this.policy.decide(() => addLabelsDates(target.issue, context));
    const labels = await this.apply(target, actor, (current) => rule(current, requested), {
      eventAt: dates.labelEventCreatedAt,
      issueUpdatedAt: dates.issueUpdatedAt,
    });
    return this.shapes(target, labels);
  }

  /** Computes the change from the current labels and stores it with its timeline events, all in one transaction. */
  private apply(
    target: ResolvedIssue,
    actor: Actor,
    decide: (current: Label[]) => LabelChange<Label>,
    dates: LabelChangeDates,
    cleared = false,
  ): Promise<Label[]> {
    const { issue } = target;
    return this.unitOfWork.run(async (tx) => {
      const current = await tx.issueLabels.labelsOf(issue.id);
      const { labels, added, removed } = refuseConflict(() => decide(current));
      if (added.length === 0 && removed.length === 0) return sortedByName(labels);
      await tx.issueLabels.remove(
        issue.id,
        removed.map((label) => label.id),
      );
      await tx.issueLabels.add(
        issue.id,
        added.map((label) => label.id),
      );
      for (const label of removed) await this.recordEvent(tx, issue, actor, label, true, dates.eventAt);
      for (const label of added) await this.recordEvent(tx, issue, actor, label, false, dates.eventAt);
      await tx.issues.touch(issue.id, dates.issueUpdatedAt);
      await this.webhooks?.labelsChanged(tx, issue.id, actor.user.id, cleared);
      return sortedByName(labels);
    });
  }

  /** As in Forgejo, a label event's body is `1` when the label was put on and empty when it was taken off. */
  private recordEvent(tx: TransactionStores, issue: Issue, actor: Actor, label: Label, isRemoval: boolean, at: Date) {
    return this.timeline.record(tx, {
      issueId: issue.id,
      type: CommentType.Label,
      actorId: actor.user.id,
      labelId: label.id,
      isRemoval,
      content: isRemoval ? '' : '1',
      createdAt: at,
      updatedAt: at,
    });
  }

  /** The issue, when the caller may change its labels (write access to the repository; 403 otherwise). */
  private async writable(address: IssueAddress, actor: Actor): Promise<ResolvedIssue> {
    const target = await this.lookup.resolveIssue(address.owner, address.repo, address.index, actor);
    this.access.requireWrite(target.repoCtx);
    return target;
  }

  private now(): LabelChangeDates {
    const now = new Date();
    return { eventAt: now, issueUpdatedAt: now };
  }

  private shapes({ repoCtx }: ResolvedIssue, labels: Label[]): ApiLabel[] {
    const context = { rootUrl: this.rootUrl, ownerName: repoCtx.owner.name, repoName: repoCtx.repo.name };
    return labels.map((label) => toApiLabel(label, context));
  }
}

/** The labels an issue of the resolved repository may carry: its own and its organization's. */
export function usableIn({ repoCtx }: ResolvedIssue): UsableLabels {
  return usableLabelsOf(repoCtx);
}

/** Two exclusive labels of one scope in one request: 422 naming both, before anything is stored. */
function refuseConflict<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ExclusiveLabelConflictError) throw new UnprocessableEntityException(error.message);
    throw error;
  }
}

function sortedByName(labels: Label[]): Label[] {
  return [...labels].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
