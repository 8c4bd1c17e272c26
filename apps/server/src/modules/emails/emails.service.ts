import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { EmailAddressStore, EmailNotFoundError, EmailTakenError, Owner } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { assertValidEmail } from '../accounts/account-input';
import { ApiEmail, toApiEmail } from './dto/email.dto';

/**
 * A user's e-mail addresses (Forgejo's userListEmails, userAddEmail,
 * userDeleteEmail) and the site admin's list of everyone's. Bellows sends no
 * mail, so an added address is verified at once, as Forgejo does without
 * REGISTER_EMAIL_CONFIRM; the primary address is the account's own and is
 * changed by editing the account, never deleted here.
 */
@Injectable()
export class EmailsService {
  constructor(private readonly emails: EmailAddressStore) {}

  async list(user: Owner): Promise<ApiEmail[]> {
    return (await this.emails.emailsOf(user.id)).map(toApiEmail);
  }

  /** Adds all the addresses or none; answers all of the user's addresses, as Forgejo. */
  async add(user: Owner, emails: readonly string[] | undefined): Promise<ApiEmail[]> {
    if (!emails?.length) throw new UnprocessableEntityException('Email list empty');
    for (const email of emails) assertValidEmail(email, 'emails');
    try {
      await this.emails.add(user.id, emails, true);
    } catch (error) {
      if (error instanceof EmailTakenError) throw new UnprocessableEntityException(`Email address has been used: ${error.email}`);
      throw error;
    }
    return this.list(user);
  }

  /** Removes all the addresses or none: 404 naming one the user has not added; the primary one cannot go. */
  async remove(user: Owner, emails: readonly string[] | undefined): Promise<void> {
    if (!emails?.length) return;
    const primary = emails.find((email) => email.toLowerCase() === user.email.toLowerCase());
    if (primary !== undefined) throw new UnprocessableEntityException(`${primary} is the primary e-mail address and cannot be deleted`);
    try {
      await this.emails.remove(user.id, emails);
    } catch (error) {
      if (error instanceof EmailNotFoundError) throw new NotFoundException(`e-mail address ${error.email} does not exist`);
      throw error;
    }
  }

  async search(keyword: string | undefined, paging: PageRequest): Promise<PageOf<ApiEmail>> {
    const [rows, total] = await this.emails.search(keyword, paging.offset, paging.limit);
    return new PageOf(rows.map(toApiEmail), total, paging);
  }
}
