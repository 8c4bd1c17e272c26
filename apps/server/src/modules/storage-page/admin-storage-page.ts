import { humanSize, QUOTA_SUBJECTS } from '@bellows/domain';
import { OwnerQuotaSummary, QuotaInstanceTotals } from '../quota-overview/quota-summaries';
import { escapeHtml, renderWebPage, SignedInHeader } from '../web-sessions/web-page';

/** The site admin's storage page: the instance's totals per subject and the owners storing most. */
export function adminStoragePage(
  totals: QuotaInstanceTotals,
  top: { total: number; items: readonly OwnerQuotaSummary[] },
  signedIn: SignedInHeader,
  base: string,
): string {
  const subjectRows = QUOTA_SUBJECTS.filter((s) => s !== 'size:wiki')
    .map(
      (subject) =>
        `<tr data-subject="${escapeHtml(subject)}"><th scope="row"><code>${escapeHtml(subject)}</code></th><td class="bytes" data-bytes="${
          totals.subjects[subject] ?? 0
        }">${humanSize(totals.subjects[subject] ?? 0)}</td></tr>`,
    )
    .join('\n');
  const ownerRows = top.items
    .map((owner, i) => {
      const name =
        owner.type === 'org'
          ? `<a href="${escapeHtml(base)}/org/${encodeURIComponent(owner.name)}/settings/storage">${escapeHtml(owner.name)}</a>`
          : escapeHtml(owner.name);
      return `<tr data-owner="${escapeHtml(owner.name)}"><td>${i + 1}</td><td>${name} <span class="muted">${
        owner.type === 'org' ? 'organization' : 'user'
      }</span></td><td class="bytes" data-bytes="${owner.bytes['size:all']}">${humanSize(owner.bytes['size:all'])}</td><td>${
        owner.groups.map(escapeHtml).join(', ') || '<span class="muted">default</span>'
      }</td><td>${owner.overQuota ? '<strong>over quota</strong>' : 'within'}</td></tr>`;
    })
    .join('\n');
  return renderWebPage({
    base,
    title: 'Instance storage',
    signedIn,
    main: `<h1>Instance storage</h1>
<section aria-labelledby="totals-heading">
<h2 id="totals-heading">Totals</h2>
<p><strong data-owners="${totals.owners}">${totals.owners}</strong> owners, <strong data-over="${totals.ownersOverQuota}">${
      totals.ownersOverQuota
    }</strong> over quota (<code>size:all</code>).</p>
<table>
<thead><tr><th scope="col">Subject</th><th scope="col" class="bytes">Stored</th></tr></thead>
<tbody>
${subjectRows}
</tbody>
</table>
</section>
<section aria-labelledby="top-heading">
<h2 id="top-heading">Owners storing most</h2>
${
  top.items.length === 0
    ? '<p class="muted">No owner stores anything yet.</p>'
    : `<table>
<thead><tr><th scope="col">#</th><th scope="col">Owner</th><th scope="col" class="bytes">Stored</th><th scope="col">Groups</th><th scope="col">Quota</th></tr></thead>
<tbody>
${ownerRows}
</tbody>
</table>
<p class="muted">The ${top.items.length} biggest of ${top.total} owners. The full list: <code>GET /api/v1/admin/quota/usage</code> or <code>bellows admin quota report</code>.</p>`
}
</section>`,
  });
}
