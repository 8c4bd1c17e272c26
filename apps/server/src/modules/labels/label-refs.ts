import { UnprocessableEntityException } from '@nestjs/common';
import { Label, LabelStore, UsableLabels } from '@bellows/domain';

/**
 * Reads `labels` of an IssueLabelsOption: each entry is a label id (a number)
 * or a label name (a string), of the repository or of its organization. A name
 * held by both a repository label and an organization label means both. An
 * entry naming no usable label is refused with 422 naming it, so a typo never
 * silently changes less than asked.
 */
export async function resolveLabelRefs(labels: LabelStore, usable: UsableLabels, refs: readonly unknown[]): Promise<Label[]> {
  const ids: number[] = [];
  const names: string[] = [];
  for (const ref of refs) {
    if (typeof ref === 'number' && Number.isSafeInteger(ref)) ids.push(ref);
    else if (typeof ref === 'string' && ref !== '') names.push(ref);
    else
      throw new UnprocessableEntityException(`labels must hold label ids (integers) or label names (strings), got ${JSON.stringify(ref)}`);
  }
  const found = await labels.findUsable(usable, ids, names);
  const missing = [
    ...ids.filter((id) => !found.some((label) => label.id === id)),
    ...names.filter((name) => !found.some((label) => label.name === name)).map((name) => JSON.stringify(name)),
  ];
  if (missing.length > 0)
    throw new UnprocessableEntityException(`labels ${missing.join(', ')} do not exist in this repository or its organization`);
  return found.filter((label) => ids.includes(label.id) || names.includes(label.name));
}
