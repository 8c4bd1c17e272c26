import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { ApiGitignoreTemplateInfo, ApiLabelTemplate, ApiLicensesTemplateListEntry, ApiLicenseTemplateInfo } from './dto/templates.dto';
import { TemplateCatalog } from './template-catalog';

// GitHub's API adds this sentence to every license; Forgejo does too, for its clients.
const LICENSE_IMPLEMENTATION =
  'Create a text file (typically named LICENSE or LICENSE.txt) in the root of your source code and copy the text of the license into the file';

/** The templates a new repository can start from: `/label/templates`, `/gitignore/templates`, `/licenses`. */
@ApiTags('miscellaneous')
@Controller()
export class TemplatesController {
  private readonly rootUrl: string;

  constructor(
    private readonly catalog: TemplateCatalog,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.rootUrl = config.server.rootUrl;
  }

  @Get('label/templates')
  @ApiOkResponse({ type: [String] })
  listLabelTemplates(): string[] {
    return this.catalog.labelSetNames();
  }

  @Get('label/templates/:name')
  @ApiOkResponse({ type: [ApiLabelTemplate] })
  @ApiNotFoundResponse({ description: 'no label set of that name' })
  getLabelTemplateInfo(@Param('name') name: string): ApiLabelTemplate[] {
    const labels = this.catalog.labelSet(name);
    if (!labels) throw new NotFoundException(`label template "${name}" does not exist`);
    return labels.map((label) => ({ ...label }));
  }

  @Get('gitignore/templates')
  @ApiOkResponse({ type: [String] })
  listGitignoresTemplates(): string[] {
    return this.catalog.gitignoreNames();
  }

  @Get('gitignore/templates/:name')
  @ApiOkResponse({ type: ApiGitignoreTemplateInfo })
  @ApiNotFoundResponse({ description: 'no gitignore template of that name' })
  getGitignoreTemplateInfo(@Param('name') name: string): ApiGitignoreTemplateInfo {
    const template = this.catalog.gitignore(name);
    if (!template) throw new NotFoundException(`gitignore template "${name}" does not exist`);
    return { name: template.name, source: template.text };
  }

  @Get('licenses')
  @ApiOkResponse({ type: [ApiLicensesTemplateListEntry] })
  listLicenseTemplates(): ApiLicensesTemplateListEntry[] {
    return this.catalog.licenseKeys().map((key) => ({ key, name: key, url: this.licenseUrl(key) }));
  }

  @Get('licenses/:name')
  @ApiOkResponse({ type: ApiLicenseTemplateInfo })
  @ApiNotFoundResponse({ description: 'no license of that SPDX identifier' })
  getLicenseTemplateInfo(@Param('name') name: string): ApiLicenseTemplateInfo {
    const license = this.catalog.license(name);
    if (!license) throw new NotFoundException(`license "${name}" does not exist`);
    const key = license.key;
    return { key, name: key, url: this.licenseUrl(key), implementation: LICENSE_IMPLEMENTATION, body: license.text };
  }

  private licenseUrl(key: string): string {
    return `${this.rootUrl}api/v1/licenses/${encodeURIComponent(key)}`;
  }
}
