import { FactoryProvider } from '@nestjs/common';
import { BlobStore } from '@bellows/storage';
import { BellowsConfig } from '../../config';
import { BlobStorage } from '../../modules/storage/blob-storage';
import { CONFIG } from '../tokens';

/**
 * Blob storage under `[storage] PATH`: the storage adapter's BlobStore bound to
 * the BlobStorage port (the factory's return type makes the compiler check
 * that BlobStore satisfies it).
 */
export const STORAGE_PORTS: FactoryProvider[] = [
  { provide: BlobStorage, inject: [CONFIG], useFactory: (config: BellowsConfig): BlobStorage => new BlobStore(config.storage.path) },
];
