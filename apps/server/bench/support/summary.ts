import { SummaryRow } from '../bench-part';

const COLUMNS: { title: string; cell(row: SummaryRow): string }[] = [
  { title: 'what', cell: (r) => r.what },
  { title: 'engine', cell: (r) => r.engine },
  { title: 'Bellows', cell: (r) => r.bellows },
  { title: 'baseline (same run)', cell: (r) => r.baseline },
  { title: 'ratio', cell: (r) => (r.ratio === null ? '-' : `${r.ratio.toFixed(2)}×`) },
  { title: 'goal', cell: (r) => r.goal },
  { title: 'met', cell: (r) => (r.met ? 'yes' : 'NO') },
];

/** The summary of every part that ran, as a plain-text table for the terminal. */
export function formatSummaryTable(rows: SummaryRow[]): string {
  const cells = rows.map((row) => COLUMNS.map((c) => c.cell(row)));
  const widths = COLUMNS.map((c, i) => Math.max(c.title.length, ...cells.map((r) => r[i].length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i])).join('  ');
  return ['', '== summary', line(COLUMNS.map((c) => c.title)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line), ''].join('\n');
}

/** The same table in Markdown, for docs/performance.md. */
export function formatSummaryMarkdown(rows: SummaryRow[]): string {
  const line = (values: string[]) => `| ${values.join(' | ')} |`;
  return (
    [line(COLUMNS.map((c) => c.title)), line(COLUMNS.map(() => '---')), ...rows.map((row) => line(COLUMNS.map((c) => c.cell(row))))].join(
      '\n',
    ) + '\n'
  );
}

/** `12345.6` → `12 346`: figures people read in a table. */
export function grouped(value: number, digits = 0): string {
  const fixed = value.toFixed(digits);
  const [whole, fraction] = fixed.split('.');
  const spaced = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return fraction ? `${spaced}.${fraction}` : spaced;
}
