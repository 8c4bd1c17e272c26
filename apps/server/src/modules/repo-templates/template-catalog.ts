import { Injectable } from '@nestjs/common';
import { GitignoreTemplate, LabelTemplate } from '@bellows/domain';
import spdxLicenses from 'spdx-license-list/full';
import gitignoreData from './data/gitignore-templates.json';
import labelSetData from './data/label-sets.json';

/** A license text by its SPDX identifier. */
export interface LicenseTemplate {
  key: string;
  text: string;
}

// As Forgejo's default PREFERRED_LICENSES: these come first in the list, the rest by name.
const PREFERRED_LICENSES = ['Apache-2.0', 'MIT'];

/**
 * The templates shipped with Bellows, read-only and the same for everyone:
 * label sets (Forgejo's "Default" and "Advanced"), gitignore templates (the
 * github/gitignore collection, see scripts/generate-gitignore-templates.js) and
 * license texts (the SPDX list, from the spdx-license-list package). Names are
 * matched exactly, as Forgejo matches its file names.
 */
@Injectable()
export class TemplateCatalog {
  private readonly labelSets = new Map<string, LabelTemplate[]>(Object.entries(labelSetData.sets));
  private readonly gitignores = new Map<string, string>(Object.entries(gitignoreData.templates));
  private readonly licenses = new Map<string, string>(Object.entries(spdxLicenses).map(([key, license]) => [key, license.licenseText]));

  labelSetNames(): string[] {
    return [...this.labelSets.keys()].sort();
  }

  labelSet(name: string): LabelTemplate[] | undefined {
    return this.labelSets.get(name);
  }

  gitignoreNames(): string[] {
    return [...this.gitignores.keys()];
  }

  gitignore(name: string): GitignoreTemplate | undefined {
    const text = this.gitignores.get(name);
    return text === undefined ? undefined : { name, text };
  }

  licenseKeys(): string[] {
    const rest = [...this.licenses.keys()].filter((key) => !PREFERRED_LICENSES.includes(key)).sort();
    return [...PREFERRED_LICENSES.filter((key) => this.licenses.has(key)), ...rest];
  }

  license(key: string): LicenseTemplate | undefined {
    const text = this.licenses.get(key);
    return text === undefined ? undefined : { key, text };
  }

  /** The README templates a repository may start with; only Forgejo's "Default". */
  readmeNames(): string[] {
    return ['Default'];
  }
}
