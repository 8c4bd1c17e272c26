/**
 * Which languages a repository is written in, counted as Forgejo's
 * `repoGetLanguages` counts them: the bytes of each file of a programming or
 * markup language in the tree, leaving out vendored code, documentation and
 * dot files. The language of a file follows from its name (extension, or a few
 * well-known file names), as linguist guesses it first.
 */

const BY_EXTENSION: Record<string, string> = {
  c: 'C',
  h: 'C',
  cc: 'C++',
  cpp: 'C++',
  cxx: 'C++',
  hpp: 'C++',
  hh: 'C++',
  hxx: 'C++',
  cs: 'C#',
  fs: 'F#',
  go: 'Go',
  rs: 'Rust',
  java: 'Java',
  kt: 'Kotlin',
  kts: 'Kotlin',
  scala: 'Scala',
  groovy: 'Groovy',
  clj: 'Clojure',
  js: 'JavaScript',
  mjs: 'JavaScript',
  cjs: 'JavaScript',
  jsx: 'JavaScript',
  ts: 'TypeScript',
  mts: 'TypeScript',
  cts: 'TypeScript',
  tsx: 'TSX',
  py: 'Python',
  rb: 'Ruby',
  php: 'PHP',
  pl: 'Perl',
  pm: 'Perl',
  lua: 'Lua',
  r: 'R',
  swift: 'Swift',
  m: 'Objective-C',
  mm: 'Objective-C++',
  dart: 'Dart',
  ex: 'Elixir',
  exs: 'Elixir',
  erl: 'Erlang',
  hs: 'Haskell',
  ml: 'OCaml',
  elm: 'Elm',
  zig: 'Zig',
  nim: 'Nim',
  jl: 'Julia',
  v: 'V',
  d: 'D',
  sh: 'Shell',
  bash: 'Shell',
  zsh: 'Shell',
  ps1: 'PowerShell',
  bat: 'Batchfile',
  cmd: 'Batchfile',
  sql: 'SQL',
  asm: 'Assembly',
  s: 'Assembly',
  vue: 'Vue',
  svelte: 'Svelte',
  html: 'HTML',
  htm: 'HTML',
  css: 'CSS',
  scss: 'SCSS',
  sass: 'Sass',
  less: 'Less',
  tex: 'TeX',
  cmake: 'CMake',
  mk: 'Makefile',
  nix: 'Nix',
  tf: 'HCL',
  proto: 'Protocol Buffer',
};

const BY_NAME: Record<string, string> = {
  makefile: 'Makefile',
  gnumakefile: 'Makefile',
  'cmakelists.txt': 'CMake',
  dockerfile: 'Dockerfile',
  rakefile: 'Ruby',
  gemfile: 'Ruby',
};

/** Vendored code and documentation, as linguist leaves them out. */
const LEFT_OUT = [
  /(^|\/)(node_modules|vendor|bower_components|third[-_]?party|Godeps|\.yarn)\//,
  /(^|\/)(docs?|Documentation)\//,
  /\.min\.(js|css)$/,
  /(^|\/)\.[^/]+/,
];

/** The language of a file, or undefined for data, prose and anything unknown. */
export function languageOf(filePath: string): string | undefined {
  const name = filePath.slice(filePath.lastIndexOf('/') + 1);
  const byName = BY_NAME[name.toLowerCase()];
  if (byName) return byName;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? BY_EXTENSION[name.slice(dot + 1).toLowerCase()] : undefined;
}

/** Bytes per language over the files of a tree, largest first. */
export function languageStatistics(files: readonly { path: string; size: number }[]): Record<string, number> {
  const bytes = new Map<string, number>();
  for (const file of files) {
    if (LEFT_OUT.some((pattern) => pattern.test(file.path))) continue;
    const language = languageOf(file.path);
    if (language) bytes.set(language, (bytes.get(language) ?? 0) + file.size);
  }
  return Object.fromEntries([...bytes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}
