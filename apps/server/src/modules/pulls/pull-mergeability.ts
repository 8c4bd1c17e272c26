import { Injectable } from '@nestjs/common';
import { MergeCheck, PullMerges } from './pull-merges';

/** How many (base, head) answers are remembered; each is a few dozen bytes. */
const REMEMBERED = 2000;

/**
 * Whether a pull request's head merges cleanly into its base, computed by git
 * for the commits the branches point at now. The answer depends only on the
 * two commits, so it is remembered by (repository, base sha, head sha): a push
 * to either branch changes a sha and so asks git again.
 */
@Injectable()
export class PullMergeability {
  private readonly answers = new Map<string, MergeCheck>();

  constructor(private readonly merges: PullMerges) {}

  async check(repoPath: string, baseSha: string, headSha: string): Promise<MergeCheck> {
    const key = `${repoPath}\0${baseSha}\0${headSha}`;
    const known = this.answers.get(key);
    if (known) return known;
    const answer = await this.merges.checkMerge(repoPath, baseSha, headSha);
    if (this.answers.size >= REMEMBERED) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, answer);
    return answer;
  }
}
