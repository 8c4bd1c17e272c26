/** Forgejo's issue form field types. */
export const ISSUE_FORM_FIELD_TYPES = ['markdown', 'textarea', 'input', 'dropdown', 'checkboxes'] as const;
export type IssueFormFieldType = (typeof ISSUE_FORM_FIELD_TYPES)[number];

/** One field of an issue form (a YAML template's `body`). */
export interface IssueFormField {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  validations: Record<string, unknown>;
  /** Where the field shows: on the form, in the issue's text, or both. */
  visible: ('form' | 'content')[];
}

/** An issue template: Markdown with front matter (`content`) or a YAML issue form (`body`). */
export interface IssueTemplate {
  name: string;
  title: string;
  about: string;
  labels: string[];
  ref: string;
  content: string;
  body: IssueFormField[];
  /** The path of the template in the repository. */
  file_name: string;
}

/** The folders Forgejo looks in for issue templates, in order. */
export const ISSUE_TEMPLATE_DIRS = [
  'ISSUE_TEMPLATE',
  'issue_template',
  '.forgejo/ISSUE_TEMPLATE',
  '.forgejo/issue_template',
  '.gitea/ISSUE_TEMPLATE',
  '.gitea/issue_template',
  '.github/ISSUE_TEMPLATE',
  '.github/issue_template',
  '.gitlab/ISSUE_TEMPLATE',
  '.gitlab/issue_template',
];

/** How a file in a template folder is read: Markdown with front matter, a YAML form, or not a template (config.yml too). */
export function issueTemplateKind(fileName: string): 'markdown' | 'form' | undefined {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  if (base === 'config.yaml' || base === 'config.yml') return undefined;
  if (base.endsWith('.md')) return 'markdown';
  if (base.endsWith('.yaml') || base.endsWith('.yml')) return 'form';
  return undefined;
}

/**
 * Splits Markdown into its YAML front matter and the text after it; undefined
 * when the file does not start with a `---` line closed by another.
 */
export function splitFrontMatter(text: string): { frontMatter: string; body: string } | undefined {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const isSeparator = (line: string) => line.trimEnd() === '---';
  if (!isSeparator(lines[0] ?? '')) return undefined;
  const end = lines.findIndex((line, index) => index > 0 && isSeparator(line));
  if (end < 0) return undefined;
  return { frontMatter: lines.slice(1, end).join('\n'), body: lines.slice(end + 1).join('\n') };
}

/**
 * The template a parsed file describes (front matter or YAML form as plain
 * data), or the reason it is not a valid one, as Forgejo checks it: a name and
 * an about (a form's `description` counts), and for a form, fields of known
 * types with distinct ids, labels, and options where they need them. A field
 * without id gets its position; without `visible`, it shows on the form and,
 * unless it is Markdown, in the issue's text. A ref that is not a full ref
 * names a branch, as Forgejo reads it.
 */
export function issueTemplateFrom(fileName: string, data: unknown, content: string): IssueTemplate | { problem: string } {
  if (!isRecord(data)) return { problem: 'the template is not a YAML mapping' };
  const template: IssueTemplate = {
    name: text(data.name),
    title: text(data.title),
    about: text(data.about) || text(data.description),
    labels: labelsOf(data.labels),
    ref: text(data.ref),
    content,
    body: [],
    file_name: fileName,
  };
  if (!template.ref.startsWith('refs/')) template.ref = `refs/heads/${template.ref}`;
  if (!template.name) return { problem: "'name' is required" };
  if (!template.about) return { problem: "'about' is required" };
  if (issueTemplateKind(fileName) !== 'form') return template;
  const fields = Array.isArray(data.body) ? data.body : [];
  if (fields.length === 0) return { problem: "'body' is required" };
  const ids = new Set<string>();
  for (const [position, raw] of fields.entries()) {
    const field = fieldFrom(raw, position);
    if ('problem' in field) return { problem: `body[${position}]: ${field.problem}` };
    if (ids.has(field.id)) return { problem: `body[${position}]: 'id' should be unique` };
    ids.add(field.id);
    template.body.push(field);
  }
  return template;
}

function fieldFrom(raw: unknown, position: number): IssueFormField | { problem: string } {
  if (!isRecord(raw)) return { problem: 'a field is a mapping' };
  const type = text(raw.type);
  if (!(ISSUE_FORM_FIELD_TYPES as readonly string[]).includes(type)) return { problem: `unknown type ${JSON.stringify(type)}` };
  const attributes = isRecord(raw.attributes) ? raw.attributes : {};
  if (type === 'markdown' && !text(attributes.value)) return { problem: "'value' is required" };
  if (type !== 'markdown' && !text(attributes.label)) return { problem: "'label' is required" };
  if ((type === 'dropdown' || type === 'checkboxes') && !(Array.isArray(attributes.options) && attributes.options.length > 0)) {
    return { problem: "'options' is required and should be an array" };
  }
  const id = raw.id === undefined || raw.id === null ? String(position) : text(raw.id);
  if (!/^[a-zA-Z0-9_-]+$/.test(id)) return { problem: "'id' should contain only alphanumeric, '-' and '_'" };
  const visible = Array.isArray(raw.visible)
    ? raw.visible.filter((v): v is 'form' | 'content' => v === 'form' || v === 'content')
    : type === 'markdown'
      ? (['form'] as const).slice()
      : (['form', 'content'] as const).slice();
  return { type, id, attributes, validations: isRecord(raw.validations) ? raw.validations : {}, visible };
}

/** Labels as a list, or as Forgejo also reads them, one comma-separated text. */
function labelsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(text) : typeof value === 'string' ? value.split(',') : [];
  return list.map((label) => label.trim()).filter((label) => label !== '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}
