/**
 * `%(KEY)s` in a value stands for the value of KEY, as in Forgejo's app.ini
 * (`ROOT_URL = %(PROTOCOL)s://%(DOMAIN)s:%(HTTP_PORT)s/`). KEY is looked up
 * in the value's own section, then in the sections it is nested in (for
 * `[quota.default]`, `[quota]`), then in the top of the file (DEFAULT). The
 * value a reference brings may hold references in turn.
 */

/** How many references Forgejo's INI library replaces at most, which also ends a reference to itself. */
const MAX_REPLACEMENTS = 99;

const REFERENCE = /%\(([^)]+)\)s/;

/**
 * Replaces the references in `value`, first to last. `resolve` gives a key's
 * raw value, or undefined when no section has it; then, as in Forgejo, that
 * reference and every one after it stay as written.
 */
export function expandReferences(value: string, resolve: (key: string) => string | undefined): string {
  let expanded = value;
  for (let i = 0; i < MAX_REPLACEMENTS; i++) {
    const match = REFERENCE.exec(expanded);
    if (!match) break;
    const replacement = resolve(match[1]);
    if (replacement === undefined) break;
    expanded = expanded.split(match[0]).join(replacement);
  }
  return expanded;
}
