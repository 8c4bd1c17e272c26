import { BadRequestException } from '@nestjs/common';

/**
 * How a wiki page is named in three places, as in Forgejo:
 * - its title, shown to people: `Page Name`;
 * - its web name, used in URLs and as `sub_url`: spaces become dashes, `Page-Name`;
 * - its file in the wiki repository: the web name plus `.md`, `Page-Name.md`.
 * The first page is `Home` (`Home.md`). Forgejo marks titles that really contain
 * a dash with an extra prefix; Bellows does not, so a dash reads back as a space.
 */
export interface WikiPageName {
  title: string;
  webName: string;
  fileName: string;
}

export const HOME_PAGE = 'Home';

/** Names Forgejo's wiki routes use for themselves. */
const RESERVED = new Set(['_pages', '_new', '_edit', '_delete', '_revision', '_sidebar', '_footer'].map((name) => name.toLowerCase()));

const FORBIDDEN = /[\u0000-\u001f\u007f/\\]/;

/** A page named by a title or a web name (both are accepted in URLs); 400 when it cannot be one. */
export function wikiPageName(titleOrWebName: string): WikiPageName {
  const webName = titleOrWebName.trim().replace(/ /g, '-').replace(/\.md$/i, '');
  if (webName === '' || webName.length > 200) throw new BadRequestException('title: a wiki page needs a title of 1 to 200 characters');
  if (FORBIDDEN.test(webName) || webName.startsWith('.')) {
    throw new BadRequestException(`title: "${titleOrWebName}" may not start with "." or contain slashes or control characters`);
  }
  if (RESERVED.has(webName.toLowerCase()) && !isSpecialPage(webName))
    throw new BadRequestException(`title: "${titleOrWebName}" is reserved`);
  return { title: webName.replace(/-/g, ' '), webName, fileName: `${webName}.md` };
}

/** The page a file of the wiki repository holds, or undefined for files that are not pages. */
export function pageOfFile(fileName: string): WikiPageName | undefined {
  if (!fileName.endsWith('.md') || fileName.includes('/')) return undefined;
  const webName = fileName.slice(0, -'.md'.length);
  return webName === '' ? undefined : { title: webName.replace(/-/g, ' '), webName, fileName };
}

/** `_Sidebar` and `_Footer` are pages too: their content is shown beside every page. */
export function isSpecialPage(webName: string): boolean {
  return webName === '_Sidebar' || webName === '_Footer';
}
