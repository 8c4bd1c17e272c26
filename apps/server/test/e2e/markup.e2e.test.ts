import { startTestServer, TestServer } from '../support/test-server';

/**
 * Markdown rendered for previews (Forgejo's /markdown, /markdown/raw, /markup):
 * what an author writes shows as HTML, and nothing an author writes can run in
 * the reader's page, whatever they try.
 */
describe('rendering Markdown', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const render = async (path: string, body: unknown, contentType = 'application/json') => {
    const res = await fetch(`${server.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
  };

  it('renders Markdown with GitHub’s tables and strikethrough, as HTML', async () => {
    const res = await render('/markdown', { Text: '# Title\n\n**bold** ~~gone~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n' });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/html/);
    expect(res.html).toContain('<h1>Title</h1>');
    expect(res.html).toContain('<strong>bold</strong> <s>gone</s>');
    expect(res.html).toMatch(/<table>[\s\S]*<td>1<\/td>/);
  });

  it('keeps line breaks in comment mode and resolves relative links against the context', async () => {
    const comment = await render('/markdown', { Text: 'one\ntwo', Mode: 'comment' });
    expect(comment.html).toContain('one<br>\ntwo');
    const plain = await render('/markdown', { Text: 'one\ntwo', Mode: 'markdown' });
    expect(plain.html).not.toContain('<br>');
    const linked = await render('/markdown', {
      Text: '[docs](docs/guide.md)',
      Mode: 'gfm',
      Context: 'https://forge.example/alice/proj/src/branch/main',
    });
    expect(linked.html).toContain('href="https://forge.example/alice/proj/src/branch/main/docs/guide.md"');
    expect(linked.html).toContain('rel="nofollow noopener noreferrer"');
  });

  it('never lets an author’s HTML, script, event handler or dangerous link into the page', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](vbscript:msgbox(1))',
      '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![x](javascript:alert(1))',
      '<iframe src="https://evil.example"></iframe>',
      '<div style="background:url(javascript:alert(1))">x</div>',
      '<svg><script>alert(1)</script></svg>',
      '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")',
    ].join('\n\n');
    for (const [path, body] of [
      ['/markdown', { Text: hostile, Mode: 'gfm' }],
      ['/markup', { Text: hostile, Mode: 'file', FilePath: 'README.md' }],
    ] as const) {
      const { status, html } = await render(path, body);
      expect(status).toBe(200);
      expect(html).not.toMatch(
        /<script|<img[^>]*onerror|<iframe|<svg|<div style|href="javascript:|href="vbscript:|href="data:|src="javascript:|\son\w+="/i,
      );
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
    const raw = await render('/markdown/raw', '<script>alert(1)</script> *hi*', 'text/plain');
    expect([raw.status, raw.html]).toEqual([200, '<p>&lt;script&gt;alert(1)&lt;/script&gt; <em>hi</em></p>\n']);
  });

  it('shows a file that is not Markdown as preformatted text, escaped', async () => {
    const res = await render('/markup', { Text: 'fn main() { println!("<b>"); }', Mode: 'file', FilePath: 'src/main.rs' });
    expect(res.html).toBe('<pre>fn main() { println!(&#34;&#60;b&#62;&#34;); }</pre>\n');
  });

  it('refuses an unknown mode and a body of the wrong kind with 422', async () => {
    const mode = await render('/markdown', { Text: 'x', Mode: 'latex' });
    expect([mode.status, mode.html]).toEqual([422, expect.stringMatching(/Mode must be one of/)]);
    const notText = await render('/markdown', { Text: 42 });
    expect(notText.status).toBe(422);
    expect((await render('/markdown', { Text: '' })).html).toBe('');
  });
});
