import { ApiProperty } from '@nestjs/swagger';

/** Forgejo's `LabelTemplate`: one label of a label set. */
export class ApiLabelTemplate {
  @ApiProperty() name!: string;
  @ApiProperty({ example: '00aabb' }) color!: string;
  @ApiProperty() description!: string;
  @ApiProperty() exclusive!: boolean;
}

/** Forgejo's `GitignoreTemplateInfo`. */
export class ApiGitignoreTemplateInfo {
  @ApiProperty() name!: string;
  @ApiProperty() source!: string;
}

/** Forgejo's `LicensesTemplateListEntry`. */
export class ApiLicensesTemplateListEntry {
  @ApiProperty() key!: string;
  @ApiProperty() name!: string;
  @ApiProperty() url!: string;
}

/** Forgejo's `LicenseTemplateInfo`. */
export class ApiLicenseTemplateInfo extends ApiLicensesTemplateListEntry {
  @ApiProperty() implementation!: string;
  @ApiProperty() body!: string;
}
