/** One label of a label set (Forgejo's "label template"): what a repository gets from `issue_labels`. */
export interface LabelTemplate {
  name: string;
  /** Six hexadecimal digits, without `#`. */
  color: string;
  description: string;
  exclusive: boolean;
}
