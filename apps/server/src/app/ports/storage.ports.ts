import { FactoryProvider } from '@nestjs/common';
import { BlobStore, S3BlobStore } from '@bellows/storage';
import { BellowsConfig, StorageConfig } from '../../config';
import { BlobStorage } from '../../modules/storage/blob-storage';
import { BlobBackendLike, RoutedBlobStorage } from '../../modules/storage/routed-blob-storage';
import { BackendPlace, describePlace, routedBlobStorage } from '../storage/blob-routes';
import { CONFIG } from '../tokens';

/** The storage adapter's backend for a place: a BlobStore for a folder, an S3BlobStore for a bucket. */
export function openBlobBackend(place: BackendPlace): BlobBackendLike {
  if (place.type === 'local') return new BlobStore(place.path);
  const { type: _type, ...options } = place;
  void _type;
  return new S3BlobStore(options);
}

/** Blob storage as configured, every object store checked; `close` lets go of their connections. */
export interface OpenedBlobStorage {
  storage: RoutedBlobStorage;
  close(): void;
}

/**
 * Each kind routed to its backend (app/storage/blob-routes.ts). Every object store
 * is checked (its bucket made when missing), so that an unreachable one stops the
 * start with a message naming it rather than failing the first upload.
 */
export async function openBlobStorage(config: StorageConfig): Promise<OpenedBlobStorage> {
  const { storage, backends } = routedBlobStorage(config, openBlobBackend);
  const close = () => backends.forEach(({ backend }) => backend instanceof S3BlobStore && backend.destroy());
  try {
    for (const { place, backend } of backends) {
      if (!(backend instanceof S3BlobStore)) continue;
      try {
        await backend.ensureBucket();
      } catch (error) {
        throw new Error(`object storage ${describePlace(place)} cannot be used: ${(error as Error).message}`, { cause: error });
      }
    }
  } catch (error) {
    close();
    throw error;
  }
  return { storage, close };
}

/** Blob storage as `[storage]` and the kinds' sections configure it. */
export const STORAGE_PORTS: FactoryProvider[] = [
  {
    provide: BlobStorage,
    inject: [CONFIG],
    useFactory: async (config: BellowsConfig): Promise<BlobStorage> => (await openBlobStorage(config.storage)).storage,
  },
];
