import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { OAuth2Application, OAuth2ApplicationStore, Owner } from '@bellows/domain';
import { PageRequest } from '../../http/pagination';
import { hashTokenValue } from '../auth/token-secret';
import { CreateOAuth2ApplicationOptions } from './dto/oauth2-application.dto';
import { newClientId, newClientSecret } from './oauth2-secrets';
import { isValidRedirectUri } from './redirect-uri';

/** A registered application with the secret just made for it (shown once). */
export interface ApplicationWithSecret {
  application: OAuth2Application;
  clientSecret: string;
}

/**
 * The signed-in user's OAuth2 applications. Another user's application is
 * answered 404 by every route, as if it did not exist (Forgejo does the same).
 */
@Injectable()
export class OAuth2ApplicationsService {
  constructor(private readonly applications: OAuth2ApplicationStore) {}

  async create(owner: Owner, options: CreateOAuth2ApplicationOptions): Promise<ApplicationWithSecret> {
    const { clientSecret, secretFields } = freshSecret();
    const now = new Date();
    const application = await this.applications.insert({
      ownerId: owner.id,
      clientId: newClientId(),
      ...fieldsOf(options),
      ...secretFields,
      createdAt: now,
      updatedAt: now,
    });
    return { application, clientSecret };
  }

  list(owner: Owner, paging: PageRequest): Promise<[OAuth2Application[], number]> {
    return this.applications.listForOwner(owner.id, paging.offset, paging.limit);
  }

  async get(owner: Owner, id: number): Promise<OAuth2Application> {
    return (await this.applications.findByOwnerAndId(owner.id, id)) ?? notFound(id);
  }

  /** Replaces name, redirect URIs and confidentiality, and makes a new client secret, as Forgejo's update does. */
  async update(owner: Owner, id: number, options: CreateOAuth2ApplicationOptions): Promise<ApplicationWithSecret> {
    const { clientSecret, secretFields } = freshSecret();
    const changes = { ...fieldsOf(options), ...secretFields, updatedAt: new Date() };
    const application = (await this.applications.update(owner.id, id, changes)) ?? notFound(id);
    return { application, clientSecret };
  }

  /** Deleting an application revokes everything issued to it: grants, codes, access and refresh tokens. */
  async delete(owner: Owner, id: number): Promise<void> {
    if (!(await this.applications.delete(owner.id, id))) notFound(id);
  }
}

function fieldsOf(options: CreateOAuth2ApplicationOptions): Pick<OAuth2Application, 'name' | 'redirectUris' | 'confidentialClient'> {
  const invalid = options.redirect_uris.find((uri) => !isValidRedirectUri(uri));
  if (invalid !== undefined)
    throw new UnprocessableEntityException(`redirect_uris: "${invalid}" is not an absolute URI without a fragment`);
  return {
    name: options.name,
    redirectUris: [...new Set(options.redirect_uris)],
    confidentialClient: options.confidential_client ?? false,
  };
}

function freshSecret() {
  const clientSecret = newClientSecret();
  const hashed = hashTokenValue(clientSecret);
  return { clientSecret, secretFields: { clientSecretHash: hashed.hash, clientSecretSalt: hashed.salt } };
}

function notFound(id: number): never {
  throw new NotFoundException(`OAuth2 application ${id} does not exist`);
}
