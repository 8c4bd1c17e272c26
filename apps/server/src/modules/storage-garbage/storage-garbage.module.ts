import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../repositories/repositories.module';
import { QuotaRecalculation } from './quota-recalculation.service';
import { StorageGarbage } from './storage-garbage.service';
import { TemporaryFileSweep } from './temporary-file-sweep';

/**
 * Garbage under `[storage] PATH`: the sweep of partial uploads the server runs
 * at start and hourly, and the blob sweep `bellows admin storage gc` and
 * `bellows admin quota recalculate` run (StorageGarbage); the repair of the
 * stored usage the latter runs (QuotaRecalculation). No routes.
 */
@Module({
  imports: [RepositoriesModule],
  providers: [StorageGarbage, TemporaryFileSweep, QuotaRecalculation],
  exports: [StorageGarbage, QuotaRecalculation, TemporaryFileSweep],
})
export class StorageGarbageModule {}
