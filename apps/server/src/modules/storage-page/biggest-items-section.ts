import { humanSize } from '@bellows/domain';
import { escapeHtml } from '../web-sessions/web-page';
import { BigItemKind } from './storage-report';

/** "What uses my space": the biggest items of each kind, each linked to where it lives. */
export function biggestItemsSection(kinds: readonly BigItemKind[]): string {
  return `<section aria-labelledby="biggest-heading">
<h2 id="biggest-heading">What uses your space</h2>
${kinds.map(kindBlock).join('\n')}
</section>`;
}

function kindBlock(kind: BigItemKind): string {
  const heading = `<h3 id="biggest-${kind.id}">${escapeHtml(kind.title)}</h3>`;
  if (kind.items.length === 0) return `<div data-kind="${kind.id}">${heading}<p class="muted">Nothing stored.</p></div>`;
  const more = kind.total > kind.items.length ? `<p class="muted">The ${kind.items.length} biggest of ${kind.total}.</p>` : '';
  const rows = kind.items
    .map(
      (item) =>
        `<tr data-item><td><a href="${escapeHtml(item.href)}">${escapeHtml(item.name)}</a>${
          item.detail ? ` <span class="muted">${escapeHtml(item.detail)}</span>` : ''
        }</td><td class="bytes" data-bytes="${item.bytes}">${humanSize(item.bytes)}</td></tr>`,
    )
    .join('\n');
  return `<div data-kind="${kind.id}">${heading}
<table aria-labelledby="biggest-${kind.id}">
<thead><tr><th scope="col">Name</th><th scope="col" class="bytes">Size</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${more}</div>`;
}
