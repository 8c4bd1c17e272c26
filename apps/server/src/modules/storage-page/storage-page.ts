import { escapeHtml, renderWebPage, SignedInHeader } from '../web-sessions/web-page';
import { biggestItemsSection } from './biggest-items-section';
import { OwnerStorageReport } from './storage-report';
import { usageBarsSection } from './usage-bars';
import { usageByKindSection } from './usage-by-kind';
import { usageChartSection } from './usage-chart';

/** An owner's storage page: limits, what is stored, the biggest items, the last 90 days. */
export function ownerStoragePage(report: OwnerStorageReport, signedIn: SignedInHeader, base: string): string {
  const whose = report.owner.kind === 'organization' ? `Storage of ${report.owner.name}` : 'Your storage';
  return renderWebPage({
    base,
    title: whose,
    signedIn,
    main: `<h1>${escapeHtml(whose)}</h1>
${usageBarsSection(report.rules, report.groups)}
${usageByKindSection(report.total, report.buckets)}
${biggestItemsSection(report.biggest)}
${usageChartSection(report.history)}`,
  });
}
