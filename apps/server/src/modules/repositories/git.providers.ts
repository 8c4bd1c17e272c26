import { Provider } from '@nestjs/common';
import { BlobStore } from '@bellows/storage';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';

/**
 * The framework-free storage adapter as a Nest provider: blobs (LFS objects,
 * attachments…) under `[storage] PATH`, injected as `BlobStore` by class. The
 * git ports (BareRepositories, RepositoryRefs, …) are bound in app/ports/git.ports.ts.
 */
export const GIT_PROVIDERS: Provider[] = [
  { provide: BlobStore, inject: [CONFIG], useFactory: (config: BellowsConfig) => new BlobStore(config.storage.path) },
];
