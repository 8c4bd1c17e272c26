import { Inject, Injectable } from '@nestjs/common';
import {
  BUILT_IN_GROUP_NAME,
  closestToLimit,
  CountedObjects,
  Owner,
  QuotaEngine,
  QuotaSubject,
  QuotaUsageReader,
  UsageBucket,
} from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { QuotaHistory } from '../quota-history/quota-history.service';
import { BiggestItems } from './biggest-items';
import { BigItemKind, BucketFigure, OwnerStorageReport, RuleView } from './storage-report';

/** How many of each kind "what uses my space" lists. */
export const BIGGEST_PER_KIND = 10;

/** Days the usage chart covers, today included. */
export const CHART_DAYS = 90;

const BUCKET_LABELS: Readonly<Record<UsageBucket, string>> = {
  'repos:public': 'Public repositories (git)',
  'repos:private': 'Private repositories (git)',
  'git:lfs': 'Git LFS objects',
  'attachments:issues': 'Issue and comment attachments',
  'attachments:releases': 'Release attachments',
  artifacts: 'Actions artifacts',
  packages: 'Packages',
};

/**
 * What one owner's storage page shows, read through the quota ports: the
 * figures (the same ledger GET /user/quota reads), how far each rule of the
 * groups it is checked against is used (QuotaEngine.standings), the biggest
 * items of each kind, and the usage history of the last 90 days.
 */
@Injectable()
export class StorageReports {
  private readonly rootUrl: string;

  constructor(
    private readonly engine: QuotaEngine,
    private readonly usage: QuotaUsageReader,
    private readonly counted: CountedObjects,
    private readonly biggestItems: BiggestItems,
    private readonly history: QuotaHistory,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {
    this.rootUrl = config.server.rootUrl;
  }

  /** The report of `owner` for `viewer`: rule and group names only for site admins or when `[quota] SHOW_NAMES_TO_OWNERS` (as the quota API). */
  async reportOf(owner: Owner, viewer: Owner, now = new Date()): Promise<OwnerStorageReport> {
    const withNames = viewer.isAdmin || this.config.quota.showNamesToOwners;
    const [usage, groups, standings, biggest, points] = await Promise.all([
      this.usage.usageOf(owner.id),
      this.engine.effectiveGroupsOf(owner.id),
      this.engine.standings(owner.id),
      this.biggestOf(owner),
      this.history.series(owner.id, { ...chartRange(now), subject: 'size:all' }),
    ]);
    const closest = closestToLimit(standings);
    const groupNames = [...new Set(standings.map((s) => s.group))];
    const rules: RuleView[] = standings.map((standing, index) => {
      const builtIn = standing.group === BUILT_IN_GROUP_NAME;
      const groupIndex = groupNames.indexOf(standing.group) + 1;
      return {
        groupLabel: builtIn ? 'Instance default' : withNames ? standing.group : `Group ${groupIndex}`,
        ruleLabel: builtIn ? 'Default limit ([quota.default] TOTAL)' : withNames ? standing.rule : `Rule ${index + 1}`,
        subjects: standing.subjects,
        limit: standing.limit,
        used: standing.used,
        percent: standing.percent,
        closest: standing === closest,
        perSubject: standing.subjects.length > 1 ? standing.subjects.map((subject) => ({ subject, bytes: usage.bytesFor([subject]) })) : [],
      };
    });
    const buckets: BucketFigure[] = (Object.keys(BUCKET_LABELS) as UsageBucket[]).map((bucket) => ({
      bucket,
      label: BUCKET_LABELS[bucket],
      bytes: usage.bytesIn(bucket),
    }));
    const range = chartRange(now);
    return {
      owner: { name: owner.name, kind: owner.kind === 'organization' ? 'organization' : 'user' },
      total: usage.bytesFor(['size:all' as QuotaSubject]),
      buckets,
      groups: groups.map((group, index) => (withNames ? group.name : `Group ${index + 1}`)),
      rules,
      biggest,
      history: { from: dayOf(range.from), to: dayOf(range.to), points },
    };
  }

  private async biggestOf(owner: Owner): Promise<BigItemKind[]> {
    const root = this.rootUrl;
    const ownerPath = encodeURIComponent(owner.name);
    const repoUrl = (repo: string) => `${root}${ownerPath}/${encodeURIComponent(repo)}`;
    const [git, lfs, [attachments, attachmentCount], [packages, packageCount], [artifacts, artifactCount]] = await Promise.all([
      this.biggestItems.repositoriesByGitSize(owner.id, BIGGEST_PER_KIND),
      this.biggestItems.repositoriesByLfsSize(owner.id, BIGGEST_PER_KIND),
      this.counted.attachments(owner.id, 0, BIGGEST_PER_KIND),
      this.counted.packageVersions(owner.id, 0, BIGGEST_PER_KIND),
      this.counted.artifacts(owner.id, 0, BIGGEST_PER_KIND),
    ]);
    return [
      {
        id: 'repositories',
        title: 'Repositories (git)',
        total: git.length,
        items: git.map((repo) => ({ name: repo.name, bytes: repo.size, href: repoUrl(repo.name) })),
      },
      {
        id: 'lfs',
        title: 'Git LFS objects, per repository',
        total: lfs.length,
        items: lfs.map((repo) => ({ name: repo.name, detail: 'LFS objects', bytes: repo.size, href: repoUrl(repo.name) })),
      },
      {
        id: 'attachments',
        title: 'Issue and release attachments',
        total: attachmentCount,
        items: attachments.map((a) => ({
          name: a.name,
          detail:
            `${a.ownerName}/${a.repoName} ${a.releaseId !== null ? `release ${a.releaseTag ?? ''}` : `issue #${a.issueIndex ?? ''}`}`.trim(),
          bytes: a.size,
          href: `${root}attachments/${encodeURIComponent(a.uuid)}`,
        })),
      },
      {
        id: 'packages',
        title: 'Packages (per version)',
        total: packageCount,
        items: packages.map((p) => ({
          name: `${p.name} ${p.version}`,
          detail: p.type,
          bytes: p.size,
          href: `${root}api/v1/packages/${[p.ownerName, p.type, p.name, p.version].map(encodeURIComponent).join('/')}`,
        })),
      },
      {
        id: 'artifacts',
        title: 'Actions artifacts',
        total: artifactCount,
        items: artifacts.map((a) => ({
          name: a.name,
          detail: `${a.ownerName}/${a.repoName} run ${a.runId}`,
          bytes: a.size,
          href: `${root}api/v1/repos/${encodeURIComponent(a.ownerName)}/${encodeURIComponent(a.repoName)}/actions/artifacts/${a.id}`,
        })),
      },
    ];
  }
}

/** The chart's days: the last CHART_DAYS days up to today (UTC), both ends included. */
export function chartRange(now: Date): { from: Date; to: Date } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { from: new Date(to.getTime() - (CHART_DAYS - 1) * 86_400_000), to };
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
