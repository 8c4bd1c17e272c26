import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Owner, OwnerChanges, OwnerStore } from '@bellows/domain';
import { ApiUserSettings, toApiUserSettings, UserSettingsOptions } from './dto/user-settings.dto';

/**
 * The signed-in user's settings (Forgejo's getUserSettings and
 * updateUserSettings). An update writes exactly the given fields by id, so a
 * change another request made meanwhile to other fields stays.
 */
@Injectable()
export class UserSettingsService {
  constructor(private readonly owners: OwnerStore) {}

  async settingsOf(user: Owner): Promise<ApiUserSettings> {
    return toApiUserSettings(await this.current(user.id));
  }

  async update(user: Owner, input: UserSettingsOptions): Promise<ApiUserSettings> {
    if (input.website) assertWebAddress(input.website);
    const changes: OwnerChanges = givenOnly({
      fullName: input.full_name,
      website: input.website,
      description: input.description,
      location: input.location,
      pronouns: input.pronouns,
      language: input.language,
      theme: input.theme,
      diffViewStyle: input.diff_view_style,
      keepEmailPrivate: input.hide_email,
      keepPronounsPrivate: input.hide_pronouns,
      keepActivityPrivate: input.hide_activity,
      enableRepoUnitHints: input.enable_repo_unit_hints,
    });
    if (Object.keys(changes).length > 0 && !(await this.owners.update(user.id, { ...changes, updatedAt: new Date() }))) {
      throw new NotFoundException('the user does not exist any more');
    }
    return this.settingsOf(user);
  }

  private async current(id: number): Promise<Owner> {
    const user = await this.owners.findById(id);
    if (!user) throw new NotFoundException('the user does not exist any more');
    return user;
  }
}

/** The fields the request gives: absent and null ones are left as they are (Forgejo's nil pointers). */
function givenOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null)) as Partial<T>;
}

/** A website is an http(s) address, as Forgejo's ValidUrl binding wants. */
function assertWebAddress(website: string): void {
  let url: URL | undefined;
  try {
    url = new URL(website);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UnprocessableEntityException(`website: "${website}" is not an http(s) URL`);
  }
}
