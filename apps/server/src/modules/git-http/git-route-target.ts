import { BadRequestException } from '@nestjs/common';

/**
 * What a git or LFS URL names: `/{owner}/{repo}.git/…` (the `.git` is optional,
 * as in Forgejo) is the repository, `/{owner}/{repo}.wiki.git/…` its wiki.
 */
export interface GitRouteTarget {
  ownerName: string;
  repoName: string;
  wiki: boolean;
}

/** Owner and repository names as they may appear in a URL (the stores check the finer rules). */
const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;

export function parseGitRouteTarget(owner: string, repoSegment: string): GitRouteTarget {
  let repoName = repoSegment.replace(/\.git$/i, '');
  const wiki = /\.wiki$/i.test(repoName);
  if (wiki) repoName = repoName.slice(0, -'.wiki'.length);
  for (const [field, value] of [
    ['owner', owner],
    ['repository', repoName],
  ] as const) {
    if (!NAME.test(value) || value.includes('..')) throw new BadRequestException(`invalid ${field} name "${value}"`);
  }
  return { ownerName: owner, repoName, wiki };
}
