/** Values of one section; undefined leaves the key out. */
export type IniSection = Record<string, string | number | boolean | undefined>;

/** A value quoted as Forgejo's INI library writes it, so that the reader gets it back unchanged. */
function quoted(value: string): string {
  if (/[\n`]/.test(value)) return `"""${value}"""`;
  if (/[#;]/.test(value)) return `\`${value}\``;
  if (value.trim() !== value) return `"${value}"`;
  return value;
}

/**
 * The text of an app.ini with these sections (a key `''` holds the keys
 * written before any section), for tests that start Bellows with a file.
 */
export function iniText(sections: Record<string, IniSection>): string {
  const blocks = Object.entries(sections).map(([name, keys]) => {
    const lines = Object.entries(keys)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key} = ${quoted(String(value))}`);
    return (name ? [`[${name}]`, ...lines] : lines).join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}
