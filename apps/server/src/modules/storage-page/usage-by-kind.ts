import { humanSize } from '@bellows/domain';
import { escapeHtml } from '../web-sessions/web-page';
import { BucketFigure } from './storage-report';

/** "What you store": each kind of stored bytes with its exact count (the figures GET /user/quota answers). */
export function usageByKindSection(total: number, buckets: readonly BucketFigure[]): string {
  const rows = buckets
    .map(
      (b) =>
        `<tr data-bucket="${escapeHtml(b.bucket)}"><th scope="row">${escapeHtml(b.label)}</th><td class="bytes" data-bytes="${b.bytes}">${humanSize(
          b.bytes,
        )}</td><td class="bytes muted">${b.bytes.toLocaleString('en')} bytes</td></tr>`,
    )
    .join('\n');
  return `<section aria-labelledby="kinds-heading">
<h2 id="kinds-heading">What you store</h2>
<p>In all: <strong data-total-bytes="${total}">${humanSize(total)}</strong> <span class="muted">(${total.toLocaleString('en')} bytes)</span>.</p>
<table>
<caption class="muted">Stored bytes by kind</caption>
<thead><tr><th scope="col">Kind</th><th scope="col" class="bytes">Size</th><th scope="col" class="bytes">Exact</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}
