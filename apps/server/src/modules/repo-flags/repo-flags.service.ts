import { ForbiddenException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { distinctFlags, flagNameProblem, RepoFlagStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { RepositoryAccess } from '../repositories/repository-access.service';

/**
 * Repository flags, for site admins only (as in Forgejo): others get 404 for
 * a repository they may not see and 403 for one they may.
 */
@Injectable()
export class RepoFlagsService {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly flags: RepoFlagStore,
  ) {}

  async list(owner: string, repo: string, actor: Actor | undefined): Promise<string[]> {
    return this.flags.list(await this.repoIdFor(owner, repo, actor));
  }

  async requireFlag(owner: string, repo: string, flag: string, actor: Actor | undefined): Promise<void> {
    if (!(await this.flags.has(await this.repoIdFor(owner, repo, actor), flag)))
      throw new NotFoundException(`the repository has no flag "${flag}"`);
  }

  async add(owner: string, repo: string, flag: string, actor: Actor | undefined): Promise<void> {
    const repoId = await this.repoIdFor(owner, repo, actor);
    await this.flags.add(repoId, checked(flag));
  }

  async remove(owner: string, repo: string, flag: string, actor: Actor | undefined): Promise<void> {
    await this.flags.remove(await this.repoIdFor(owner, repo, actor), flag);
  }

  async replaceAll(owner: string, repo: string, flags: readonly string[], actor: Actor | undefined): Promise<void> {
    const repoId = await this.repoIdFor(owner, repo, actor);
    await this.flags.replaceAll(repoId, distinctFlags(flags.map(checked)));
  }

  async removeAll(owner: string, repo: string, actor: Actor | undefined): Promise<void> {
    await this.flags.removeAll(await this.repoIdFor(owner, repo, actor));
  }

  private async repoIdFor(owner: string, repo: string, actor: Actor | undefined): Promise<number> {
    const target = await this.access.resolve(owner, repo, actor);
    if (!actor?.user.isAdmin) throw new ForbiddenException('only site administrators may manage repository flags');
    return target.repo.id;
  }
}

function checked(flag: string): string {
  const problem = flagNameProblem(flag);
  if (problem) throw new UnprocessableEntityException(`${problem}: ${JSON.stringify(flag)}`);
  return flag;
}
