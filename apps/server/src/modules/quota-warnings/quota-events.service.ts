import { Injectable, NotFoundException } from '@nestjs/common';
import { Owner, OwnerStore, QuotaWarningStore } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiQuotaEvent, toApiQuotaEvent } from './dto/quota-event.dto';

/** Reading the recorded quota events: one owner's, or every owner's (site admins). */
@Injectable()
export class QuotaEvents {
  constructor(
    private readonly warnings: QuotaWarningStore,
    private readonly owners: OwnerStore,
  ) {}

  /** A page of the owner's events, newest first. */
  async ofOwner(owner: Owner, paging: PageRequest): Promise<PageOf<ApiQuotaEvent>> {
    const [events, total] = await this.warnings.listEvents({ ownerId: owner.id }, paging.offset, paging.limit);
    return new PageOf(
      events.map((event) => toApiQuotaEvent(event, owner)),
      total,
      paging,
    );
  }

  /** A page of every owner's events (or of the named owner's: 404 when there is no such user or organization). */
  async all(ownerName: string | undefined, paging: PageRequest): Promise<PageOf<ApiQuotaEvent>> {
    if (ownerName !== undefined && ownerName !== '') {
      const owner = await this.owners.findByName(ownerName);
      if (!owner) throw new NotFoundException(`user or organization "${ownerName}" does not exist`);
      return this.ofOwner(owner, paging);
    }
    const [events, total] = await this.warnings.listEvents({}, paging.offset, paging.limit);
    const owners = new Map<number, Owner>();
    for (const id of new Set(events.map((event) => event.ownerId))) {
      const owner = await this.owners.findById(id);
      if (owner) owners.set(id, owner);
    }
    // Events go with their owner (ON DELETE CASCADE), so every owner is found; a race with a deletion drops the row.
    const shown = events.filter((event) => owners.has(event.ownerId));
    return new PageOf(
      shown.map((event) => toApiQuotaEvent(event, owners.get(event.ownerId) as Owner)),
      total,
      paging,
    );
  }
}
