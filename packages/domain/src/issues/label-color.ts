/**
 * A label's colour: six hexadecimal digits, with or without a leading `#`
 * (`#00aabb`, `00AABB`). Stored as `#rrggbb` in lower case.
 */
const LABEL_COLOR = /^#?([0-9a-fA-F]{6})$/;

/** The stored form of a colour, or null when the text is not one. */
export function normalizeLabelColor(text: string): string | null {
  const match = LABEL_COLOR.exec(text.trim());
  return match ? `#${match[1].toLowerCase()}` : null;
}
