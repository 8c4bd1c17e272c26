import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import MarkdownIt from 'markdown-it';

/** How a text is rendered: Forgejo's modes. `comment` keeps line breaks, as Forgejo's comments do. */
export type RenderMode = 'markdown' | 'gfm' | 'comment';

const MODES: readonly RenderMode[] = ['markdown', 'gfm', 'comment'];

/** File names rendered as Markdown in `file` mode; anything else is shown as preformatted text. */
const MARKDOWN_FILE = /\.(md|markdown|mdown|mkd|mkdn)$/i;

/**
 * Markdown to HTML that is safe to put in a page (Forgejo's `/markdown` and
 * `/markup`), with markdown-it (CommonMark, plus GitHub's tables and
 * strikethrough, and bare links). Safety comes from what is never produced
 * rather than from cleaning afterwards: raw HTML in the text is escaped, not
 * passed through, so no tag or attribute (script, event handler, style) of the
 * author's ever reaches the page; link and image URLs with a dangerous scheme
 * (`javascript:`, `vbscript:`, `file:`, `data:` other than images) are not
 * links; and every link opens without giving the target page a handle on
 * this one (`rel="nofollow noopener noreferrer"`).
 */
@Injectable()
export class MarkdownRendering {
  private readonly renderers: Record<'plain' | 'breaks', MarkdownIt> = {
    plain: safeMarkdown(false),
    breaks: safeMarkdown(true),
  };

  render(text: string, mode: string | undefined, context: string | undefined): string {
    const renderer = this.renderers[modeOf(mode) === 'comment' ? 'breaks' : 'plain'];
    return renderer.render(text, { base: baseOf(context) });
  }

  /** `file` mode: Markdown files render as Markdown, other files as escaped preformatted text. */
  renderFile(text: string, filePath: string | undefined, context: string | undefined): string {
    if (filePath && MARKDOWN_FILE.test(filePath)) return this.render(text, 'markdown', context);
    return `<pre>${escapeHtml(text)}</pre>\n`;
  }
}

function modeOf(mode: string | undefined): RenderMode {
  const chosen = (mode || 'markdown').toLowerCase();
  if (!(MODES as readonly string[]).includes(chosen)) {
    throw new UnprocessableEntityException(`Mode must be one of ${[...MODES, 'file'].join(', ')} (file only for /markup)`);
  }
  return chosen as RenderMode;
}

/** The URL relative links resolve against, when it is an http(s) URL. */
function baseOf(context: string | undefined): URL | undefined {
  if (!context) return undefined;
  try {
    const url = new URL(context.endsWith('/') ? context : `${context}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function safeMarkdown(breaks: boolean): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: true, breaks });
  const renderLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const href = token.attrGet('href');
    const base = (env as { base?: URL }).base;
    if (href && base && !/^[a-z][a-z0-9+.-]*:|^#|^\/\//i.test(href)) token.attrSet('href', new URL(href, base).toString());
    token.attrSet('rel', 'nofollow noopener noreferrer');
    return renderLinkOpen(tokens, idx, options, env, self);
  };
  return md;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
