import { composeGitignore, fillLicensePlaceholders, gitignoreNames } from '../../src/repo-templates';

const values = { owner: 'ada', email: 'ada@example.com', repo: 'engine', year: '2026' };

describe('license placeholders', () => {
  it('fills the owner and year placeholders of a license and ends every line', () => {
    expect(fillLicensePlaceholders('MIT', 'MIT License\n\nCopyright (c) <year> <copyright holders>', values)).toBe(
      'MIT License\n\nCopyright (c) 2026 ada\n',
    );
  });

  it('fills the program name of the GPL notice', () => {
    expect(
      fillLicensePlaceholders('GPL-3.0-only', "<one line to give the program's name and a brief idea of what it does.>\n", values),
    ).toBe('engine\n');
  });

  it('fills 0BSD only on its copyright line, where AUTHOR is a placeholder', () => {
    const text = 'Copyright (C) YEAR by AUTHOR EMAIL\n\nIN NO EVENT SHALL THE AUTHOR BE LIABLE\n';
    expect(fillLicensePlaceholders('0BSD', text, values)).toBe(
      'Copyright (C) 2026 by ada ada@example.com\n\nIN NO EVENT SHALL THE AUTHOR BE LIABLE\n',
    );
  });
});

describe('gitignore composition', () => {
  it('heads each template with its name and follows it with a blank line', () => {
    expect(
      composeGitignore([
        { name: 'Go', text: '*.exe\n' },
        { name: 'Node', text: 'node_modules/\n' },
      ]),
    ).toBe('# ---> Go\n*.exe\n\n# ---> Node\nnode_modules/\n\n');
  });

  it('reads the comma-separated names, blanks dropped', () => {
    expect(gitignoreNames('Go, Node,,')).toEqual(['Go', 'Node']);
  });
});
