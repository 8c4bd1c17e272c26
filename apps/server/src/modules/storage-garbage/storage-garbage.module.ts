import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../repositories/repositories.module';
import { StorageGarbage } from './storage-garbage.service';
import { TemporaryFileSweep } from './temporary-file-sweep';

/**
 * Garbage under `[storage] PATH`: the sweep of partial uploads the server runs
 * at start and hourly, and the blob sweep `bellows admin storage gc` and
 * `bellows admin quota recalculate` run (StorageGarbage). No routes.
 */
@Module({
  imports: [RepositoriesModule],
  providers: [StorageGarbage, TemporaryFileSweep],
  exports: [StorageGarbage],
})
export class StorageGarbageModule {}
