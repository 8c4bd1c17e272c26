/** A gitignore template by name, with its text. */
export interface GitignoreTemplate {
  name: string;
  text: string;
}

/**
 * The `.gitignore` a new repository gets from several templates, as Forgejo
 * writes it: each template under a `# ---> Name` line, followed by a blank line.
 */
export function composeGitignore(templates: readonly GitignoreTemplate[]): string {
  return templates.map((t) => `# ---> ${t.name}\n${t.text}\n`).join('');
}

/** The template names of CreateRepoOption's `gitignores` ("Go,Node"): comma-separated, blanks dropped. */
export function gitignoreNames(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
