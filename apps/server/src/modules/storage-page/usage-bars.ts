import { humanPercent, humanSize } from '@bellows/domain';
import { escapeHtml } from '../web-sessions/web-page';
import { RuleView } from './storage-report';

/**
 * "Your limits": one bar per rule the owner is checked against (and one per
 * subject of a rule with several), each a `<meter>` with a visible label and
 * its figures in words, so no one depends on the colour or the bar alone.
 */
export function usageBarsSection(rules: readonly RuleView[], groups: readonly string[]): string {
  const groupsLine =
    groups.length > 0
      ? `<p>Quota groups that apply: ${groups.map((g) => `<strong>${escapeHtml(g)}</strong>`).join(', ')}.</p>`
      : '<p>No quota group applies: the instance’s default limit does.</p>';
  const closest = rules.find((rule) => rule.closest);
  const closestLine = closest
    ? `<p>Closest to its limit: <strong>${escapeHtml(closest.ruleLabel)}</strong> of ${escapeHtml(closest.groupLabel)}, at ${humanPercent(
        closest.percent ?? 0,
      )}.</p>`
    : '<p>None of the rules that apply has a limit.</p>';
  const bars = rules.map((rule, index) => ruleBlock(rule, index + 1)).join('\n');
  return `<section aria-labelledby="limits-heading">
<h2 id="limits-heading">Your limits</h2>
${groupsLine}
${closestLine}
${bars}
</section>`;
}

function ruleBlock(rule: RuleView, n: number): string {
  const id = `rule-${n}`;
  const subjects = rule.subjects.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ');
  const badge = rule.closest ? ' <span class="badge">closest to its limit</span>' : '';
  const perSubject = rule.perSubject
    .map((part, i) => bar(`${id}-subject-${i + 1}`, `<code>${escapeHtml(part.subject)}</code>`, part.bytes, rule.limit, ''))
    .join('\n');
  return `<div class="rule${rule.closest ? ' closest' : ''}" data-rule="${n}">
<h3>${escapeHtml(rule.ruleLabel)} <span class="muted">(${escapeHtml(rule.groupLabel)})</span>${badge}</h3>
<p class="muted">Counts ${subjects}.</p>
${bar(id, 'All of this rule', rule.used, rule.limit, rule.percent === null ? '' : humanPercent(rule.percent))}
${perSubject}
</div>`;
}

/** A labelled meter with its figures as text: "1.5 MiB of 10 MiB (15 %)". */
function bar(id: string, label: string, used: number, limit: number, percent: string): string {
  const figures =
    limit < 0 ? `${humanSize(used)} (no limit)` : `${humanSize(used)} of ${humanSize(limit)}${percent ? ` (${percent})` : ''}`;
  const meter =
    limit < 0
      ? '<span class="muted">no limit</span>'
      : `<meter id="${id}" min="0" max="${Math.max(limit, 1)}" value="${Math.min(used, Math.max(limit, 1))}" low="${Math.floor(limit * 0.75)}" high="${Math.floor(
          limit * 0.9,
        )}" optimum="0" aria-describedby="${id}-figures">${escapeHtml(figures)}</meter>`;
  return `<div class="bar" data-used="${used}" data-limit="${limit}">
<label for="${id}">${label}</label>
${meter}
<span class="figure" id="${id}-figures">${escapeHtml(figures)}</span>
</div>`;
}
