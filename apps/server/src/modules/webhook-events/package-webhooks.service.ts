import { Inject, Injectable, Logger } from '@nestjs/common';
import { Owner, OwnerStore, Package, PackageVersion, RepositoryStore } from '@bellows/domain';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { SYSTEM_USERS } from '../accounts/system-users';
import { ApiPackage, packageHtmlUrl } from '../packages/dto/package.dto';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { WebhookEvents } from '../webhooks/webhook-events';
import { HookPackageAction, PackagePayload } from './payloads/hook-payloads';

/** A package version as a `package` event shows it, rendered while it still exists. */
export interface DescribedPackage {
  ownerId: number;
  json: ApiPackage;
}

/**
 * `package` events as Forgejo sends them: `created` when a version is
 * published, `deleted` when one is deleted (by whatever registry or API), to
 * the hooks of the package's owner (user or organization) and the site's;
 * a package belongs to no repository, so repository hooks never see it. The
 * package is the JSON of Forgejo's package API.
 */
@Injectable()
export class PackageWebhooks {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly hooks: WebhookEvents,
    private readonly owners: OwnerStore,
    private readonly repositories: RepositoryStore,
    @Inject(SHAPE_CONTEXT) private readonly ctx: ShapeContext,
  ) {}

  /** The version as the event shows it; call before a delete, the rows are gone after. Null when its owner is gone. */
  async describe(pkg: Package, version: PackageVersion): Promise<DescribedPackage | null> {
    try {
      return await this.render(pkg, version);
    } catch (error) {
      // A missed event must not fail the upload or delete.
      this.logger.error(`package event of version ${version.id}: ${(error as Error).message}`);
      return null;
    }
  }

  private async render(pkg: Package, version: PackageVersion): Promise<DescribedPackage | null> {
    const owner = await this.owners.findById(pkg.ownerId);
    if (!owner) return null;
    const creator = (version.creatorId !== null ? await this.owners.findById(version.creatorId) : null) ?? SYSTEM_USERS[0];
    const repo = pkg.repoId !== null ? await this.repositories.findById(pkg.repoId) : null;
    const json: ApiPackage = {
      id: version.id,
      owner: toApiUser(owner, undefined, this.ctx),
      // Forgejo renders the repository of a payload with the owner's access.
      repository: repo ? toApiRepository(repo, owner, 'owner', undefined, this.ctx) : null,
      creator: toApiUser(creator, undefined, this.ctx),
      type: pkg.type,
      name: pkg.name,
      version: version.version,
      html_url: packageHtmlUrl(this.ctx.rootUrl, owner.name, pkg.type, pkg.name, version.version),
      created_at: version.createdAt.toISOString(),
    };
    return { ownerId: owner.id, json };
  }

  /** Queues the event after the change; a missed event must not fail the upload or delete. */
  async send(action: HookPackageAction, described: DescribedPackage | null, sender: Owner | number | null): Promise<void> {
    if (!described) return;
    try {
      const by = typeof sender === 'number' ? await this.owners.findById(sender) : sender;
      const payload: PackagePayload = {
        action,
        package: described.json,
        sender: toApiUser(by ?? SYSTEM_USERS[0], undefined, this.ctx),
      };
      await this.hooks.enqueueNow({ event: 'package', repoId: null, ownerId: described.ownerId, payload });
    } catch (error) {
      this.logger.error(`package event of version ${described.json.id}: ${(error as Error).message}`);
    }
  }
}
