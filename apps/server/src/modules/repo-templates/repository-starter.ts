import { BadRequestException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { composeGitignore, fillLicensePlaceholders, gitignoreNames, LabelStore, Owner } from '@bellows/domain';
import { TemplateCatalog } from './template-catalog';

/** The template choices of Forgejo's CreateRepoOption. */
export interface TemplateChoice {
  autoInit?: boolean;
  gitignores?: string;
  license?: string;
  readme?: string;
  issueLabels?: string;
}

/** What a new repository starts with: files of its first commit (besides README.md) and a label set. */
export interface RepositoryStart {
  files: Record<string, string>;
  labelSet?: string;
}

/**
 * Applies the templates chosen at creation. `plan` checks every name before
 * anything is created, so an unknown one fails the request and changes
 * nothing: 400 for a README template (as Forgejo), 422 for a gitignore,
 * license or label set (Forgejo answers 422 for a label set and fails the
 * others with 500). Without `auto_init` there is no first commit, and the
 * gitignore and license choices are ignored, as in Forgejo.
 */
@Injectable()
export class RepositoryStarter {
  constructor(
    private readonly catalog: TemplateCatalog,
    private readonly labels: LabelStore,
  ) {}

  plan(choice: TemplateChoice, owner: Owner, repoName: string): RepositoryStart {
    if (choice.issueLabels && !this.catalog.labelSet(choice.issueLabels)) {
      throw new UnprocessableEntityException(`label template "${choice.issueLabels}" does not exist, see GET /label/templates`);
    }
    const start: RepositoryStart = { files: {}, labelSet: choice.issueLabels || undefined };
    if (!choice.autoInit) return start;
    if (choice.readme && !this.catalog.readmeNames().includes(choice.readme)) {
      throw new BadRequestException(`readme template does not exist, available templates: [${this.catalog.readmeNames().join(' ')}]`);
    }
    if (choice.gitignores) start.files['.gitignore'] = this.gitignoreText(choice.gitignores);
    if (choice.license) start.files['LICENSE'] = this.licenseText(choice.license, owner, repoName);
    return start;
  }

  /** Creates the planned label set in the new repository. */
  async addLabels(start: RepositoryStart, repoId: number): Promise<void> {
    for (const label of start.labelSet ? (this.catalog.labelSet(start.labelSet) ?? []) : []) {
      await this.labels.create({ repoId }, { ...label, color: `#${label.color}`, isArchived: false });
    }
  }

  private gitignoreText(list: string): string {
    const templates = gitignoreNames(list).map((name) => {
      const template = this.catalog.gitignore(name);
      if (!template) throw new UnprocessableEntityException(`gitignore template "${name}" does not exist, see GET /gitignore/templates`);
      return template;
    });
    return composeGitignore(templates);
  }

  private licenseText(key: string, owner: Owner, repoName: string): string {
    const license = this.catalog.license(key);
    if (!license) throw new UnprocessableEntityException(`license "${key}" does not exist, see GET /licenses`);
    const email = owner.email || `${owner.lowerName}@noreply.bellows`;
    return fillLicensePlaceholders(key, license.text, {
      owner: owner.name,
      email,
      repo: repoName,
      year: String(new Date().getUTCFullYear()),
    });
  }
}
