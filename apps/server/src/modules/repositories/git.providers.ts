import { Provider } from '@nestjs/common';
import { GitRepositories } from '@bellows/git';
import { BlobStore } from '@bellows/storage';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { BareRepositories } from './bare-repositories';

/**
 * The framework-free git and storage adapters as Nest providers: bare
 * repositories under `[repository] ROOT`, blobs (LFS objects, attachments…)
 * under `[storage] PATH`. Use cases inject the `BareRepositories` port (the
 * factory's return type makes the compiler check that the adapter satisfies
 * it) and `BlobStore` by class.
 */
export const GIT_PROVIDERS: Provider[] = [
  { provide: GitRepositories, inject: [CONFIG], useFactory: (config: BellowsConfig) => new GitRepositories(config.repository.root) },
  { provide: BareRepositories, inject: [GitRepositories], useFactory: (git: GitRepositories): BareRepositories => git },
  { provide: BlobStore, inject: [CONFIG], useFactory: (config: BellowsConfig) => new BlobStore(config.storage.path) },
];
