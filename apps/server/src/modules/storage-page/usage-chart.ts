import { humanSize } from '@bellows/domain';
import { escapeHtml } from '../web-sessions/web-page';
import { QuotaHistoryPoint } from '../quota-history/quota-history.service';

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { left: 64, right: 16, top: 16, bottom: 32 };
const DAY_MS = 86_400_000;

/**
 * The usage of the last days as an SVG line drawn on the server: no script, so
 * the whole page works without JavaScript and under a CSP that allows none.
 * X is the day (days without a snapshot are gaps in time, not skipped), Y the
 * bytes from 0 to the highest point. A table of the same figures follows for
 * screen readers and for anyone who wants the numbers.
 */
export function usageChartSection(history: { from: string; to: string; points: readonly QuotaHistoryPoint[] }): string {
  const heading = `<h2 id="chart-heading">Usage over the last 90 days</h2>`;
  if (history.points.length === 0) {
    return `<section aria-labelledby="chart-heading">${heading}
<p class="muted" data-chart-empty>No history yet: Bellows records everyone’s usage once a day, and the first snapshot has not been taken.</p>
</section>`;
  }
  const from = Date.parse(`${history.from}T00:00:00Z`);
  const to = Date.parse(`${history.to}T00:00:00Z`);
  const maxBytes = Math.max(1, ...history.points.map((p) => p.bytes));
  const x = (date: string) =>
    PAD.left + ((Date.parse(`${date}T00:00:00Z`) - from) / Math.max(DAY_MS, to - from)) * (WIDTH - PAD.left - PAD.right);
  const y = (bytes: number) => PAD.top + (1 - bytes / maxBytes) * (HEIGHT - PAD.top - PAD.bottom);
  const coords = history.points.map((p) => [round(x(p.date)), round(y(p.bytes))] as const);
  const line = coords.map(([cx, cy], i) => `${i === 0 ? 'M' : 'L'}${cx} ${cy}`).join(' ');
  const baseline = HEIGHT - PAD.bottom;
  const area = `${line} L${coords[coords.length - 1][0]} ${baseline} L${coords[0][0]} ${baseline} Z`;
  const last = history.points[history.points.length - 1];
  const summary = `${history.points.length} daily figures from ${history.points[0].date} to ${last.date}; latest ${humanSize(last.bytes)}, highest ${humanSize(maxBytes)}.`;
  return `<section aria-labelledby="chart-heading">${heading}
<figure class="chart">
<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="chart-title chart-desc" data-points="${history.points.length}">
<title id="chart-title">Stored bytes per day (size:all)</title>
<desc id="chart-desc">${escapeHtml(summary)}</desc>
<line class="axis" x1="${PAD.left}" y1="${baseline}" x2="${WIDTH - PAD.right}" y2="${baseline}"/>
<line class="axis" x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${baseline}"/>
<text x="${PAD.left - 6}" y="${PAD.top + 4}" text-anchor="end">${escapeHtml(humanSize(maxBytes))}</text>
<text x="${PAD.left - 6}" y="${baseline}" text-anchor="end">0</text>
<text x="${PAD.left}" y="${HEIGHT - 10}">${escapeHtml(history.from)}</text>
<text x="${WIDTH - PAD.right}" y="${HEIGHT - 10}" text-anchor="end">${escapeHtml(history.to)}</text>
<path class="area" d="${area}"/>
<path class="line" d="${line}"/>
${coords.map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="2.5" fill="#0a4fb5"/>`).join('')}
</svg>
<figcaption class="muted">${escapeHtml(summary)}</figcaption>
</figure>
<details>
<summary>The figures as a table</summary>
<table>
<thead><tr><th scope="col">Day</th><th scope="col" class="bytes">Stored</th></tr></thead>
<tbody>
${history.points.map((p) => `<tr><td>${escapeHtml(p.date)}</td><td class="bytes" data-bytes="${p.bytes}">${humanSize(p.bytes)}</td></tr>`).join('\n')}
</tbody>
</table>
</details>
</section>`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
