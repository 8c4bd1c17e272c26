import { languageOf, languageStatistics } from '../../src/repositories/languages';

describe('languages', () => {
  it('names a file’s language by its extension or its well-known name', () => {
    expect(languageOf('src/main.ts')).toBe('TypeScript');
    expect(languageOf('lib/x.PY')).toBe('Python');
    expect(languageOf('Makefile')).toBe('Makefile');
    expect(languageOf('build/Dockerfile')).toBe('Dockerfile');
    expect(languageOf('README.md')).toBeUndefined();
    expect(languageOf('data.json')).toBeUndefined();
    expect(languageOf('.bashrc')).toBeUndefined();
  });

  it('sums bytes per language, largest first, leaving out vendored code, documentation and dot files', () => {
    const stats = languageStatistics([
      { path: 'src/a.go', size: 100 },
      { path: 'src/b.go', size: 50 },
      { path: 'web/app.ts', size: 300 },
      { path: 'web/node_modules/x/index.js', size: 10_000 },
      { path: 'vendor/lib.go', size: 10_000 },
      { path: 'docs/example.py', size: 10_000 },
      { path: 'static/app.min.js', size: 10_000 },
      { path: '.github/tool.py', size: 10_000 },
      { path: 'README.md', size: 10_000 },
    ]);
    expect(stats).toEqual({ TypeScript: 300, Go: 150 });
    expect(Object.keys(stats)).toEqual(['TypeScript', 'Go']);
  });
});
