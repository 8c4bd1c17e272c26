import { Injectable, NotFoundException } from '@nestjs/common';
import {
  defaultIssueConfig,
  ISSUE_CONFIG_CANDIDATES,
  ISSUE_TEMPLATE_DIRS,
  IssueConfig,
  issueConfigFrom,
  IssueTemplate,
  issueTemplateFrom,
  issueTemplateKind,
  splitFrontMatter,
} from '@bellows/domain';
import { parseFromFilesSync } from 'editorconfig';
import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { RepoGit } from '../repo-files/repo-git';
import { ApiEditorConfigDefinition, ApiIssueConfigValidation } from './dto/repo-config.dto';
import { RepoConfigFiles } from './repo-config-files';

// The properties Forgejo's answer carries; the others (tab_width, trim_trailing_whitespace…) it leaves out.
const EDITORCONFIG_FIELDS = ['charset', 'indent_style', 'indent_size', 'end_of_line'] as const;

/**
 * What a repository's own configuration files say, read from the default
 * branch as Forgejo reads them: `.editorconfig` for a file path, issue
 * templates (Markdown with front matter and YAML issue forms) and the issue
 * chooser's `config.yml`.
 */
@Injectable()
export class RepoConfigService {
  constructor(private readonly files: RepoConfigFiles) {}

  /** The root `.editorconfig`'s properties for `filePath` at `ref`; 404 when the repository has none. */
  async editorConfig(target: RepoGit, filePath: string, ref?: string): Promise<ApiEditorConfigDefinition> {
    const commit = await this.files.commitOf(target, ref);
    const text = commit && (await this.files.readText(target, commit, '.editorconfig'));
    if (text === undefined || text === '' || !commit)
      throw new NotFoundException(`${target.owner.name}/${target.repo.name} has no .editorconfig`);
    const file = posix.join('/', filePath);
    const props = parseFromFilesSync(file, [{ name: '/.editorconfig', contents: Buffer.from(text) }], { root: '/' });
    const definition: ApiEditorConfigDefinition = {};
    for (const field of EDITORCONFIG_FIELDS) {
      const value = props[field];
      if (value !== undefined && value !== 'unset' && value !== '') definition[field] = String(value).toLowerCase();
    }
    return definition;
  }

  /** The valid issue templates of the default branch; invalid ones are left out, as Forgejo leaves them out. */
  async issueTemplates(target: RepoGit): Promise<IssueTemplate[]> {
    const commit = await this.files.commitOf(target);
    if (!commit) return [];
    const templates: IssueTemplate[] = [];
    for (const dir of ISSUE_TEMPLATE_DIRS) {
      for (const entry of (await this.files.listFiles(target, commit, dir)) ?? []) {
        const fileName = `${dir}/${entry.name}`;
        if (!issueTemplateKind(fileName)) continue;
        const text = await this.files.blobText(target, entry);
        const template = text === undefined ? undefined : readTemplate(fileName, text);
        if (template) templates.push(template);
      }
    }
    return templates;
  }

  /** The issue config of the default branch; the default one when there is none or it is invalid. */
  async issueConfig(target: RepoGit): Promise<IssueConfig> {
    const found = await this.readIssueConfig(target);
    return found && !('problem' in found) ? found : defaultIssueConfig();
  }

  async validateIssueConfig(target: RepoGit): Promise<ApiIssueConfigValidation> {
    const found = await this.readIssueConfig(target);
    return found && 'problem' in found ? { valid: false, message: found.problem } : { valid: true, message: '' };
  }

  /** The first config file found, parsed; undefined when there is none. */
  private async readIssueConfig(target: RepoGit): Promise<IssueConfig | { problem: string } | undefined> {
    const commit = await this.files.commitOf(target);
    if (!commit) return undefined;
    for (const candidate of ISSUE_CONFIG_CANDIDATES) {
      for (const fileName of [`${candidate}.yaml`, `${candidate}.yml`]) {
        const text = await this.files.readText(target, commit, fileName);
        if (text === undefined) continue;
        const data = yamlData(text);
        return 'problem' in data ? data : issueConfigFrom(data.value);
      }
    }
    return undefined;
  }
}

function readTemplate(fileName: string, text: string): IssueTemplate | undefined {
  let template: ReturnType<typeof issueTemplateFrom>;
  if (issueTemplateKind(fileName) === 'markdown') {
    const parts = splitFrontMatter(text);
    const data = parts && yamlData(parts.frontMatter);
    if (!parts || !data || 'problem' in data) return undefined;
    template = issueTemplateFrom(fileName, data.value, parts.body);
  } else {
    const data = yamlData(text);
    if ('problem' in data) return undefined;
    template = issueTemplateFrom(fileName, data.value, '');
  }
  return 'problem' in template ? undefined : template;
}

function yamlData(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: parseYaml(text, { maxAliasCount: 100 }) };
  } catch (error) {
    return { problem: `yaml: ${(error as Error).message.split('\n')[0]}` };
  }
}
