// eslint-disable-next-line @typescript-eslint/no-require-imports
const parsePrometheusTextFormat: (text: string) => ParsedFamily[] = require('parse-prometheus-text-format');

/** A family as parse-prometheus-text-format gives it (values are strings). */
interface ParsedFamily {
  name: string;
  help: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string> }[];
}

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

/**
 * A scrape of `{ROOT_URL}metrics` read with a Prometheus text-format parser
 * (parse-prometheus-text-format). That parser folds every series of a
 * labelled histogram into one (its issue #13), so the histograms' own
 * samples (`_bucket`, `_sum`, `_count`) are read from a second parse in which
 * histogram families are declared untyped: the same lines, each sample whole.
 */
export class Scrape {
  private readonly families: Map<string, ParsedFamily>;
  private readonly untyped: Map<string, ParsedFamily>;

  constructor(readonly text: string) {
    this.families = byName(parsePrometheusTextFormat(text));
    const histogramTypes = text.split('\n').map((line) => (line.startsWith('# TYPE ') && line.endsWith(' histogram') ? '' : line));
    this.untyped = byName(parsePrometheusTextFormat(histogramTypes.join('\n')));
  }

  /** `COUNTER`, `GAUGE`, `HISTOGRAM`…, or undefined when the family is absent. */
  typeOf(name: string): string | undefined {
    return this.families.get(name)?.type;
  }

  has(name: string): boolean {
    return this.families.has(name) || this.untyped.has(name);
  }

  /** Every sample of a family (or of a histogram's `_bucket`/`_sum`/`_count`). */
  samples(name: string): Sample[] {
    const family = this.families.get(name)?.type === 'HISTOGRAM' ? undefined : (this.families.get(name) ?? this.untyped.get(name));
    return (family?.metrics ?? []).map((metric) => ({ labels: metric.labels ?? {}, value: Number(metric.value) }));
  }

  /** The value of the one sample whose labels are exactly `labels`; 0 when there is none (a counter not yet incremented). */
  value(name: string, labels: Record<string, string> = {}): number {
    const wanted = JSON.stringify(Object.entries(labels).sort());
    const found = this.samples(name).filter((sample) => JSON.stringify(Object.entries(sample.labels).sort()) === wanted);
    if (found.length > 1) throw new Error(`${name} has ${found.length} samples labelled ${wanted}`);
    return found[0]?.value ?? 0;
  }
}

/** Families by name; untyped samples of one name that other names interleave (`_bucket`, `_sum`, `_count`) come as several families: joined. */
function byName(families: ParsedFamily[]): Map<string, ParsedFamily> {
  const named = new Map<string, ParsedFamily>();
  for (const family of families) {
    const seen = named.get(family.name);
    if (seen) seen.metrics.push(...family.metrics);
    else named.set(family.name, { ...family, metrics: [...family.metrics] });
  }
  return named;
}
