import { IniSyntaxError, parseIni } from '../../src/config/ini-file';
import { expandReferences } from '../../src/config/interpolation';

/** The file's values as `section.KEY → value`, the last one written winning. */
const values = (text: string) => Object.fromEntries(parseIni(text).map((e) => [`${e.section}.${e.key}`, e.value]));

const syntaxError = (text: string): IniSyntaxError => {
  try {
    parseIni(text);
  } catch (error) {
    if (error instanceof IniSyntaxError) return error;
    throw error;
  }
  throw new Error('no IniSyntaxError');
};

describe('parseIni reads an INI file as Forgejo reads app.ini', () => {
  it('reads sections and keys, trimming blanks around both; keys before any section are in DEFAULT', () => {
    expect(values('APP_NAME = Forge\n  RUN_MODE=prod\n[server]\n  HTTP_PORT   =   3000  \n[ quota.default ]\nTOTAL=1GiB')).toEqual({
      'DEFAULT.APP_NAME': 'Forge',
      'DEFAULT.RUN_MODE': 'prod',
      'server.HTTP_PORT': '3000',
      'quota.default.TOTAL': '1GiB',
    });
  });

  it('skips blank lines and whole-line comments starting with ; or #, indented or not', () => {
    expect(values('; a comment\n# another\n\n   ;; indented\n[server]\n;HTTP_PORT = 1\n#HTTP_PORT = 2\nHTTP_PORT = 3\n')).toEqual({
      'server.HTTP_PORT': '3',
    });
  });

  it('cuts an unquoted value at its first ; or # (an inline comment)', () => {
    expect(
      values(
        '[db]\nHOST = 127.0.0.1:5432 ; can use a socket\nPASSWD = abc#def\nNAME = forge;x\nSSL_MODE=disable ;either disable or require\n',
      ),
    ).toEqual({
      'db.HOST': '127.0.0.1:5432',
      'db.PASSWD': 'abc',
      'db.NAME': 'forge',
      'db.SSL_MODE': 'disable',
    });
  });

  it("reads Forgejo's example lines `KEY = ; description` as an empty value", () => {
    expect(values('APP_NAME = ; Forgejo: Beyond coding. We Forge.\nRUN_USER = ; git\n')).toEqual({
      'DEFAULT.APP_NAME': '',
      'DEFAULT.RUN_USER': '',
    });
  });

  it('takes a value in backquotes literally, ; and # and quotes included, dropping what follows the closing one', () => {
    expect(values('[db]\nPASSWD = `se;cr#et`\nUSER = `"quoted"` ; a comment\nNAME = ` spaced `\nODD = `a`b`\n')).toEqual({
      'db.PASSWD': 'se;cr#et',
      'db.USER': '"quoted"',
      'db.NAME': ' spaced ',
      'db.ODD': 'a`b',
    });
  });

  it('takes a value in triple double quotes literally', () => {
    expect(values('[s]\nK = """a;b#c "d" e"""\n')).toEqual({ 's.K': 'a;b#c "d" e' });
  });

  it('reads a multi-line value in triple quotes or backquotes, keeping its line breaks', () => {
    expect(values('[s]\nA = """first\nsecond ; kept\n  third"""\nB = after\nC = `one\ntwo`\n')).toEqual({
      's.A': 'first\nsecond ; kept\n  third',
      's.B': 'after',
      's.C': 'one\ntwo',
    });
    // The line break after an opening """ belongs to the value, as in Forgejo.
    expect(values('[s]\nA = """\nbody\n"""\n')).toEqual({ 's.A': '\nbody\n' });
  });

  it('removes one pair of surrounding double or single quotes', () => {
    expect(values(`[s]\nA = "forge"\nB = 'forge'\nC = "a" and "b"\nD = "unclosed\nE = ""\nF = "it's"\n`)).toEqual({
      's.A': 'forge',
      's.B': 'forge',
      's.C': '"a" and "b"',
      's.D': '"unclosed',
      's.E': '',
      's.F': "it's",
    });
  });

  it('does not take quotes as protecting ; or # (only backquotes and triple quotes do)', () => {
    expect(values('[s]\nA = "a;b"\n')).toEqual({ 's.A': '"a' });
  });

  it('splits a line at its first = or :, keeps a trailing backslash, and lets the last of a repeated key win', () => {
    expect(values('[s]\nURL = http://x:1/a=b\nNAME: forge\nPATH = C:\\data\\\nNAME = again\n')).toEqual({
      's.URL': 'http://x:1/a=b',
      's.NAME': 'again',
      's.PATH': 'C:\\data\\',
    });
  });

  it('reads quoted key names', () => {
    expect(values('[s]\n"A KEY" = 1\n`B:KEY` = 2\n')).toEqual({ 's.A KEY': '1', 's.B:KEY': '2' });
  });

  it('reads Windows line endings and a byte-order mark', () => {
    expect(values('\uFEFF[server]\r\nHTTP_PORT = 3000\r\nPASSWD = `x;y`\r\n')).toEqual({
      'server.HTTP_PORT': '3000',
      'server.PASSWD': 'x;y',
    });
  });

  it('ignores what follows a section header', () => {
    expect(values('[server] ; the web server\nHTTP_PORT = 1\n')).toEqual({ 'server.HTTP_PORT': '1' });
  });

  it('gives each entry its line number', () => {
    expect(parseIni('\n[s]\nA = """x\ny"""\nB = 2\n').map((e) => [e.key, e.line])).toEqual([
      ['A', 3],
      ['B', 5],
    ]);
  });

  describe('refuses what Forgejo refuses, naming the line', () => {
    it.each([
      ['[server]\nHTTP_PORT 3000\n', 2, /"HTTP_PORT 3000" is not "KEY = value"/],
      ['[server\nA = 1\n', 1, /no closing "]"/],
      ['[]\nA = 1\n', 1, /section name is empty/],
      ['[s]\n= value\n', 2, /no key name/],
      ['[s]\nA = """never\nclosed\n', 2, /opened with """ is never closed/],
      ['[s]\nA = `never closed\n', 2, /opened with ` is never closed/],
      ['[s]\n"A = 1\n', 2, /key name "A = 1 has no closing "/],
    ])('%j', (text, line, message) => {
      const error = syntaxError(text);
      expect(error.line).toBe(line);
      expect(error.message).toMatch(new RegExp(`^line ${line}: `));
      expect(error.message).toMatch(message);
    });
  });
});

describe('expandReferences replaces %(KEY)s as Forgejo does', () => {
  const table: Record<string, string> = {
    PROTOCOL: 'https',
    DOMAIN: 'git.example.com',
    PORT: '%(INNER)s',
    INNER: '3000',
    LOOP: '%(LOOP)s',
  };
  const resolve = (key: string) => table[key];

  it('replaces every reference, and the references a replacement brings', () => {
    expect(expandReferences('%(PROTOCOL)s://%(DOMAIN)s:%(PORT)s/ and %(DOMAIN)s', resolve)).toBe(
      'https://git.example.com:3000/ and git.example.com',
    );
  });

  it('stops at a reference to nothing, leaving it and the rest as written', () => {
    expect(expandReferences('%(PROTOCOL)s %(NOWHERE)s %(DOMAIN)s', resolve)).toBe('https %(NOWHERE)s %(DOMAIN)s');
  });

  it('ends on a reference to itself', () => {
    expect(expandReferences('%(LOOP)s', resolve)).toBe('%(LOOP)s');
  });

  it('leaves other percent signs alone', () => {
    expect(expandReferences('100% (sure)s %()s', resolve)).toBe('100% (sure)s %()s');
  });
});
