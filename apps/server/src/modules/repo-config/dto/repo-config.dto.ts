import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The EditorConfig properties Forgejo answers for a file (those it has a value for). */
export class ApiEditorConfigDefinition {
  @ApiPropertyOptional() charset?: string;
  @ApiPropertyOptional() indent_style?: string;
  @ApiPropertyOptional() indent_size?: string;
  @ApiPropertyOptional() end_of_line?: string;
}

/** Forgejo's `IssueFormField`. */
export class ApiIssueFormField {
  @ApiProperty() type!: string;
  @ApiProperty() id!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) attributes!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) validations!: Record<string, unknown>;
  @ApiProperty({ type: [String] }) visible!: string[];
}

/** Forgejo's `IssueTemplate`. */
export class ApiIssueTemplate {
  @ApiProperty() name!: string;
  @ApiProperty() title!: string;
  @ApiProperty() about!: string;
  @ApiProperty({ type: [String] }) labels!: string[];
  @ApiProperty() ref!: string;
  @ApiProperty() content!: string;
  @ApiProperty({ type: [ApiIssueFormField] }) body!: ApiIssueFormField[];
  @ApiProperty() file_name!: string;
}

/** Forgejo's `IssueConfigContactLink`. */
export class ApiIssueConfigContactLink {
  @ApiProperty() name!: string;
  @ApiProperty() url!: string;
  @ApiProperty() about!: string;
}

/** Forgejo's `IssueConfig`. */
export class ApiIssueConfig {
  @ApiProperty() blank_issues_enabled!: boolean;
  @ApiProperty({ type: [ApiIssueConfigContactLink] }) contact_links!: ApiIssueConfigContactLink[];
}

/** Forgejo's `IssueConfigValidation`. */
export class ApiIssueConfigValidation {
  @ApiProperty() valid!: boolean;
  @ApiProperty() message!: string;
}
