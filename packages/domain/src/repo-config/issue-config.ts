/** A link shown instead of, or beside, the issue templates. */
export interface IssueConfigContactLink {
  name: string;
  url: string;
  about: string;
}

/** The repository's issue chooser settings (`config.yml` beside the templates). */
export interface IssueConfig {
  blank_issues_enabled: boolean;
  contact_links: IssueConfigContactLink[];
}

/** Where Forgejo looks for the config, in order, each as `.yaml` then `.yml`. */
export const ISSUE_CONFIG_CANDIDATES = [
  '.forgejo/ISSUE_TEMPLATE/config',
  '.forgejo/issue_template/config',
  '.gitea/ISSUE_TEMPLATE/config',
  '.gitea/issue_template/config',
  '.github/ISSUE_TEMPLATE/config',
  '.github/issue_template/config',
];

/** What a repository without a (valid) config gets: blank issues allowed, no links. */
export function defaultIssueConfig(): IssueConfig {
  return { blank_issues_enabled: true, contact_links: [] };
}

/**
 * The config a parsed `config.yml` describes, or why it is invalid, as Forgejo
 * checks it: every contact link needs a name, an absolute URL and an about.
 * `null` (an empty file) is the default config.
 */
export function issueConfigFrom(data: unknown): IssueConfig | { problem: string } {
  const config = defaultIssueConfig();
  if (data === null || data === undefined) return config;
  if (typeof data !== 'object' || Array.isArray(data)) return { problem: 'the config is not a YAML mapping' };
  const fields = data as Record<string, unknown>;
  if (fields.blank_issues_enabled !== undefined) {
    if (typeof fields.blank_issues_enabled !== 'boolean') return { problem: 'blank_issues_enabled must be true or false' };
    config.blank_issues_enabled = fields.blank_issues_enabled;
  }
  const links = fields.contact_links ?? [];
  if (!Array.isArray(links)) return { problem: 'contact_links must be a list' };
  for (const [index, link] of links.entries()) {
    const position = index + 1;
    const entry = typeof link === 'object' && link !== null ? (link as Record<string, unknown>) : {};
    const [name, url, about] = [entry.name, entry.url, entry.about].map((v) => (typeof v === 'string' ? v : ''));
    if (!name) return { problem: `contact_link at position ${position} is missing name key` };
    if (!url) return { problem: `contact_link at position ${position} is missing url key` };
    if (!about) return { problem: `contact_link at position ${position} is missing about key` };
    if (!isAbsoluteUrl(url)) return { problem: `${url} is not a valid URL` };
    config.contact_links.push({ name, url, about });
  }
  return config;
}

/** As Go's ParseRequestURI, which Forgejo uses: a scheme and what follows, or an absolute path. */
function isAbsoluteUrl(text: string): boolean {
  return /^([a-zA-Z][a-zA-Z0-9+.-]*:|\/)[^\s]*$/.test(text);
}
