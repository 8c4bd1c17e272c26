import { RuleStanding } from './rule-standing';

/** A threshold (a percent of `[quota] WARN_AT`) that has fired for one rule of one group and not yet re-armed. */
export interface FiredThreshold {
  readonly group: string;
  readonly rule: string;
  readonly threshold: number;
}

/** Which way a rule's usage went past a threshold. */
export type CrossingDirection = 'up' | 'down';

/** One crossing worth recording (a quota event): the rule as it stands now, the threshold passed and the way. */
export interface QuotaCrossing {
  readonly standing: RuleStanding;
  readonly threshold: number;
  readonly direction: CrossingDirection;
}

/** What {@link evaluateWarnings} decided: the events to record and how the fired set changes. */
export interface WarningEvaluation {
  /** At most one per rule and direction. */
  readonly crossings: QuotaCrossing[];
  /** Thresholds to mark fired (each one reached and not yet fired). */
  readonly fire: FiredThreshold[];
  /** Fired thresholds to forget (usage fell under them, or they or their rule no longer apply). */
  readonly rearm: FiredThreshold[];
}

/**
 * The warning rule: compares where each rule stands with the thresholds that
 * have already fired for it, and says what to record.
 *
 * - A threshold is reached when the rule's percent is at or above it; an
 *   unlimited rule (percent null) reaches none and never warns.
 * - Thresholds reached and not fired fire. When several fire at once (a big
 *   upload, a lowered limit), ONE `up` crossing is recorded, at the highest:
 *   the owner hears "90 %", not "50 %" and "90 %" in the same second.
 * - Fired thresholds no longer reached re-arm (fire again on the next upward
 *   crossing); ONE `down` crossing is recorded, at the lowest of them: the
 *   level the rule is now back under.
 * - Fired thresholds of a rule that is gone (no longer in the owner's groups,
 *   unlimited now) or no longer in `warnAt` re-arm silently: nothing was
 *   crossed, the rules changed.
 *
 * Pure and idempotent: evaluating again with the new fired set yields no crossing.
 *
 * @param standings where each rule stands now ({@link ruleStandings})
 * @param warnAt `[quota] WARN_AT`, percents (empty: warnings off, everything fired re-arms silently)
 * @param fired the thresholds fired so far for this owner
 */
export function evaluateWarnings(
  standings: readonly RuleStanding[],
  warnAt: readonly number[],
  fired: readonly FiredThreshold[],
): WarningEvaluation {
  const thresholds = [...new Set(warnAt)].sort((a, b) => a - b);
  const crossings: QuotaCrossing[] = [];
  const fire: FiredThreshold[] = [];
  const rearm: FiredThreshold[] = [];
  const seen = new Set<string>();
  for (const standing of standings) {
    const key = ruleKey(standing);
    if (seen.has(key)) continue; // a group lists a rule once; a duplicate would only repeat the first's answer
    seen.add(key);
    const firedHere = new Set(fired.filter((f) => ruleKey(f) === key).map((f) => f.threshold));
    const reached = standing.percent === null ? [] : thresholds.filter((t) => (standing.percent as number) >= t);
    const rising = reached.filter((t) => !firedHere.has(t));
    if (rising.length > 0) {
      crossings.push({ standing, threshold: rising[rising.length - 1], direction: 'up' });
      fire.push(...rising.map((threshold) => ({ group: standing.group, rule: standing.rule, threshold })));
    }
    const falling = [...firedHere].filter((t) => !reached.includes(t)).sort((a, b) => a - b);
    const fellUnder = falling.filter((t) => standing.percent !== null && thresholds.includes(t));
    if (fellUnder.length > 0) crossings.push({ standing, threshold: fellUnder[0], direction: 'down' });
    rearm.push(...falling.map((threshold) => ({ group: standing.group, rule: standing.rule, threshold })));
  }
  rearm.push(...fired.filter((f) => !seen.has(ruleKey(f))));
  return { crossings, fire, rearm };
}

/** The fired set after an evaluation: what was fired, less what re-armed, plus what fired. */
export function firedAfter(fired: readonly FiredThreshold[], evaluation: WarningEvaluation): FiredThreshold[] {
  const gone = new Set(evaluation.rearm.map(thresholdKey));
  return [...fired.filter((f) => !gone.has(thresholdKey(f))), ...evaluation.fire];
}

function ruleKey(r: { group: string; rule: string }): string {
  return JSON.stringify([r.group, r.rule]);
}

function thresholdKey(f: FiredThreshold): string {
  return JSON.stringify([f.group, f.rule, f.threshold]);
}
