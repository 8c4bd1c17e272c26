import { EntityManager } from 'typeorm';
import { EmailAddressStore, EmailNotFoundError, EmailTakenError, UserEmail } from '@bellows/domain';
import { EmailAddressEntity } from '../entities/email-address.entity';
import { OwnerEntity } from '../entities/owner.entity';
import { InTransaction, parameterMarkers } from '../quota/in-transaction';
import { isUniqueViolation } from '../unique-violation';

/** A row of the admin listing: primary addresses from `owner`, added ones from `email_address`. */
interface EmailRow {
  email: string;
  user_id: number | string;
  username: string;
  is_primary: number | string | boolean;
  verified: number | string | boolean;
}

/**
 * Added e-mail addresses on TypeORM (`email_address`). The unique index on
 * the lower-cased address settles two users adding one address at once; an
 * address that is some user's primary one is refused by a check in the same
 * transaction.
 */
export class TypeOrmEmailAddressStore implements EmailAddressStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  async emailsOf(userId: number): Promise<UserEmail[]> {
    const user = await this.manager.getRepository(OwnerEntity).findOneBy({ id: userId });
    if (!user) return [];
    const added = await this.manager.getRepository(EmailAddressEntity).find({ where: { userId }, order: { id: 'ASC' } });
    const primary: UserEmail[] = user.email
      ? [{ email: user.email, userId, username: user.name, primary: true, verified: user.isActive }]
      : [];
    return [
      ...primary,
      ...added.map((row) => ({ email: row.email, userId, username: user.name, primary: false, verified: row.isActivated })),
    ];
  }

  async add(userId: number, emails: readonly string[], verified: boolean): Promise<void> {
    let current = '';
    try {
      await this.inTransaction(async (manager) => {
        for (const email of emails) {
          current = email;
          if (await isPrimaryOfSomeone(manager, email)) throw new EmailTakenError(email);
          if (await manager.getRepository(EmailAddressEntity).existsBy({ lowerEmail: email.toLowerCase() }))
            throw new EmailTakenError(email);
          await manager
            .getRepository(EmailAddressEntity)
            .insert({ userId, email, lowerEmail: email.toLowerCase(), isActivated: verified, createdAt: new Date() });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError(current); // added at the same moment by another request
      throw error;
    }
  }

  async remove(userId: number, emails: readonly string[]): Promise<void> {
    await this.inTransaction(async (manager) => {
      for (const email of emails) {
        const removed = await manager.getRepository(EmailAddressEntity).delete({ userId, lowerEmail: email.toLowerCase() });
        if ((removed.affected ?? 0) === 0) throw new EmailNotFoundError(email);
      }
    });
  }

  async search(keyword: string | undefined, skip: number, take: number): Promise<[UserEmail[], number]> {
    const p = parameterMarkers(this.manager);
    const params: unknown[] = [];
    let match = '';
    if (keyword) {
      params.push(`%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      match = `WHERE LOWER(a.email) LIKE ${p(1)} ESCAPE '\\' OR a.lower_name LIKE ${p(1)} ESCAPE '\\'`;
    }
    const all =
      `SELECT o.email AS email, o.id AS user_id, o.name AS username, o.lower_name AS lower_name, 1 AS is_primary, o.is_active AS verified ` +
      `FROM owner o WHERE o.kind = 'user' AND o.email <> '' ` +
      `UNION ALL SELECT e.email, e.user_id, o.name, o.lower_name, 0, e.is_activated ` +
      `FROM email_address e JOIN owner o ON o.id = e.user_id`;
    const [{ total }] = await this.manager.query(`SELECT COUNT(*) AS total FROM (${all}) a ${match}`, params);
    const rows: EmailRow[] = await this.manager.query(
      `SELECT a.* FROM (${all}) a ${match} ORDER BY LOWER(a.email), a.user_id LIMIT ${Number(take)} OFFSET ${Number(skip)}`,
      params,
    );
    return [rows.map(toUserEmail), Number(total)];
  }
}

async function isPrimaryOfSomeone(manager: EntityManager, email: string): Promise<boolean> {
  return manager
    .getRepository(OwnerEntity)
    .createQueryBuilder('o')
    .where("o.kind = 'user'")
    .andWhere('LOWER(o.email) = :email', { email: email.toLowerCase() })
    .getExists();
}

/** SQLite answers booleans as 0/1 and PostgreSQL counts as strings: one shape for both. */
function toUserEmail(row: EmailRow): UserEmail {
  const truthy = (value: number | string | boolean) => value === true || value === 1 || value === '1' || value === 't';
  return {
    email: row.email,
    userId: Number(row.user_id),
    username: row.username,
    primary: truthy(row.is_primary),
    verified: truthy(row.verified),
  };
}
