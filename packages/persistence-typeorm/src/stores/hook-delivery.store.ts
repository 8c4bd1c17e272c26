import { EntityManager, In, SelectQueryBuilder } from 'typeorm';
import {
  AttemptOutcome,
  HookDelivery,
  HookDeliveryAttempt,
  HookDeliveryState,
  HookDeliveryStore,
  HookEventType,
  NewHookDelivery,
  NewHookDeliveryAttempt,
} from '@bellows/domain';
import { HookDeliveryEntity } from '../entities/hook-delivery.entity';
import { HookDeliveryAttemptEntity } from '../entities/hook-delivery-attempt.entity';
import { WebhookEntity } from '../entities/webhook.entity';
import { InTransaction } from '../quota/in-transaction';

/** The delivery queue on TypeORM: `hook_delivery` rows and their `hook_delivery_attempt` rows. */
export class TypeOrmHookDeliveryStore implements HookDeliveryStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get deliveries() {
    return this.manager.getRepository(HookDeliveryEntity);
  }

  async enqueue(deliveries: NewHookDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const now = new Date();
    await this.deliveries.insert(
      deliveries.map((delivery) => ({ ...delivery, state: 'pending', attempts: 0, nextAttemptAt: now, leasedUntil: null, createdAt: now })),
    );
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<HookDelivery[]> {
    const due = await this.deliveries
      .createQueryBuilder('d')
      .where("d.state = 'pending' AND d.next_attempt_at <= :now AND (d.leased_until IS NULL OR d.leased_until < :now)", {
        now: now.getTime(),
      })
      .orderBy('d.id', 'ASC')
      .limit(limit)
      .getMany();
    const claimed: HookDelivery[] = [];
    for (const row of due) {
      // Conditional on the lease seen: of two workers, one wins each row.
      const seen = row.leasedUntil === null ? 'leased_until IS NULL' : 'leased_until = :seen';
      const result = await this.manager
        .createQueryBuilder()
        .update(HookDeliveryEntity)
        .set({ leasedUntil: leaseUntil })
        .where(`id = :id AND state = 'pending' AND ${seen}`, { id: row.id, seen: row.leasedUntil?.getTime() })
        .execute();
      if ((result.affected ?? 0) > 0) claimed.push(toDelivery(row));
    }
    return claimed;
  }

  recordAttempt(deliveryId: number, attempt: NewHookDeliveryAttempt, outcome: AttemptOutcome): Promise<void> {
    return this.inTransaction(async (manager) => {
      await manager.getRepository(HookDeliveryAttemptEntity).insert({
        ...attempt,
        deliveryId,
        requestHeaders: JSON.stringify(attempt.requestHeaders),
      });
      await manager
        .createQueryBuilder()
        .update(HookDeliveryEntity)
        .set({
          attempts: () => 'attempts + 1',
          state: outcome.state,
          leasedUntil: null,
          ...(outcome.state === 'pending' ? { nextAttemptAt: outcome.retryAt } : {}),
        })
        .where('id = :id', { id: deliveryId })
        .execute();
      // The hook's last status moves with the delivery that settles it, never after it.
      if (outcome.state !== 'pending') {
        await manager
          .createQueryBuilder()
          .update(WebhookEntity)
          .set({ lastStatus: outcome.state === 'delivered' ? 'succeed' : 'fail' })
          .where('id = (SELECT hook_id FROM hook_delivery WHERE id = :id)', { id: deliveryId })
          .execute();
      }
    });
  }

  async pruneSettled(hookId: number, keep: number): Promise<void> {
    const settled = (qb: SelectQueryBuilder<HookDeliveryEntity>) => qb.where("d.hook_id = :hookId AND d.state <> 'pending'", { hookId });
    const cutoff = await settled(this.deliveries.createQueryBuilder('d').select('d.id', 'id'))
      .orderBy('d.id', 'DESC')
      .offset(keep)
      .limit(1)
      .getRawOne<{ id: number }>();
    if (!cutoff) return;
    await this.inTransaction(async (manager) => {
      const doomed = `SELECT id FROM hook_delivery WHERE hook_id = :hookId AND state <> 'pending' AND id <= :cutoff`;
      const params = { hookId, cutoff: Number(cutoff.id) };
      await manager.createQueryBuilder().delete().from(HookDeliveryAttemptEntity).where(`delivery_id IN (${doomed})`, params).execute();
      await manager.createQueryBuilder().delete().from(HookDeliveryEntity).where(`id IN (${doomed})`, params).execute();
    });
  }

  async listForHook(
    hookId: number,
    page: { offset: number; limit: number },
  ): Promise<{ deliveries: Array<HookDelivery & { attemptList: HookDeliveryAttempt[] }>; total: number }> {
    const [rows, total] = await this.deliveries.findAndCount({
      where: { hookId },
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.limit,
    });
    const attempts =
      rows.length === 0
        ? []
        : await this.manager
            .getRepository(HookDeliveryAttemptEntity)
            .find({ where: { deliveryId: In(rows.map((row) => row.id)) }, order: { id: 'ASC' } });
    const deliveries = rows.map((row) => ({
      ...toDelivery(row),
      attemptList: attempts.filter((attempt) => attempt.deliveryId === row.id).map(toAttempt),
    }));
    return { deliveries, total };
  }
}

function toDelivery(row: HookDeliveryEntity): HookDelivery {
  return {
    id: row.id,
    hookId: row.hookId,
    uuid: row.uuid,
    event: row.event as HookEventType,
    payload: row.payload,
    state: row.state as HookDeliveryState,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt,
    createdAt: row.createdAt,
  };
}

function toAttempt(row: HookDeliveryAttemptEntity): HookDeliveryAttempt {
  return {
    id: row.id,
    deliveryId: row.deliveryId,
    startedAt: row.startedAt,
    durationMs: row.durationMs,
    requestUrl: row.requestUrl,
    requestHeaders: JSON.parse(row.requestHeaders) as Record<string, string>,
    requestBody: row.requestBody,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
  };
}
