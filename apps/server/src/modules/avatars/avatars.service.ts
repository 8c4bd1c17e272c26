import { Injectable, NotFoundException } from '@nestjs/common';
import { AvatarStore, identiconSvg, Owner, OwnerStore, RepositoryStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { AvatarImages } from './avatar-images';

/** What an avatar URL answers: an uploaded image or the generated default. */
export type ServedAvatar =
  { kind: 'image'; bytes: Buffer; contentType: string; etag: string } | { kind: 'default'; svg: string; etag: string };

/**
 * Avatars of users, organizations and repositories. Who may change one is
 * Forgejo's: the user themself, an organization's owners (403 for members,
 * 404 when the organization is hidden), a repository's admins.
 */
@Injectable()
export class AvatarsService {
  constructor(
    private readonly images: AvatarImages,
    private readonly avatars: AvatarStore,
    private readonly owners: OwnerStore,
    private readonly repositories: RepositoryStore,
    private readonly membership: OrgMembershipService,
    private readonly access: RepositoryAccess,
  ) {}

  async setOwnerAvatar(owner: Owner, image: string): Promise<void> {
    const sha256 = await this.images.save(image);
    const previous = await this.avatars.ownerAvatar(owner.id);
    if (!(await this.avatars.setOwnerAvatar(owner.id, sha256))) throw new NotFoundException(`"${owner.name}" does not exist`);
    if (previous !== sha256) await this.images.release(previous);
  }

  async deleteOwnerAvatar(owner: Owner): Promise<void> {
    const previous = await this.avatars.ownerAvatar(owner.id);
    await this.avatars.setOwnerAvatar(owner.id, null);
    await this.images.release(previous);
  }

  manageableOrg(name: string, actor: Actor): Promise<Owner> {
    return this.membership.findManageableOrg(name, actor.user);
  }

  async setRepositoryAvatar(ownerName: string, repoName: string, actor: Actor, image: string): Promise<void> {
    const repoId = await this.administeredRepository(ownerName, repoName, actor);
    const sha256 = await this.images.save(image);
    const previous = await this.avatars.repositoryAvatar(repoId);
    if (!(await this.avatars.setRepositoryAvatar(repoId, sha256)))
      throw new NotFoundException(`repository ${ownerName}/${repoName} does not exist`);
    if (previous !== sha256) await this.images.release(previous);
  }

  async deleteRepositoryAvatar(ownerName: string, repoName: string, actor: Actor): Promise<void> {
    const repoId = await this.administeredRepository(ownerName, repoName, actor);
    const previous = await this.avatars.repositoryAvatar(repoId);
    await this.avatars.setRepositoryAvatar(repoId, null);
    await this.images.release(previous);
  }

  /** `/avatars/{id}`: the owner's image, else a default drawn from their id; 404 for no such owner or one hidden from the caller. */
  async ownerAvatar(id: number, actor: Actor | undefined): Promise<ServedAvatar> {
    const owner = await this.owners.findById(id);
    if (!owner || !(await this.membership.canSee(owner, actor?.user))) throw new NotFoundException('no such avatar');
    const sha256 = await this.avatars.ownerAvatar(id);
    const image = sha256 ? await this.images.read(sha256) : null;
    if (image) return { kind: 'image', bytes: image.bytes, contentType: image.contentType, etag: `"${image.sha256}"` };
    return { kind: 'default', svg: identiconSvg(`owner:${id}`), etag: `"default-${id}"` };
  }

  /** `/repo-avatars/{id}`: a repository's uploaded image; 404 when it has none or the caller may not read it. */
  async repositoryAvatar(id: number, actor: Actor | undefined): Promise<ServedAvatar> {
    const notFound = new NotFoundException('no such avatar');
    const repo = await this.repositories.findById(id);
    const owner = repo && (await this.owners.findById(repo.ownerId));
    if (!repo || !owner || (await this.access.permissionOf(owner, repo, actor?.user)) === 'none') throw notFound;
    const sha256 = await this.avatars.repositoryAvatar(id);
    const image = sha256 ? await this.images.read(sha256) : null;
    if (!image) throw notFound;
    return { kind: 'image', bytes: image.bytes, contentType: image.contentType, etag: `"${image.sha256}"` };
  }

  private async administeredRepository(ownerName: string, repoName: string, actor: Actor): Promise<number> {
    const ctx = await this.access.resolve(ownerName, repoName, actor);
    this.access.requireAdmin(ctx);
    return ctx.repo.id;
  }
}
