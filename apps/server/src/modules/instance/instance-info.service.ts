import { Inject, Injectable } from '@nestjs/common';
import { ALLOWED_REACTIONS, OwnerStore } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { TREE_ENTRIES_PER_PAGE } from '../git-data/git-data.service';
import { MAX_INLINE_BLOB } from '../repo-files/repo-contents.service';
import {
  ApiGeneralAPISettings,
  ApiGeneralAttachmentSettings,
  ApiGeneralRepoSettings,
  ApiGeneralUISettings,
  ApiNodeInfo,
  ApiServerVersion,
} from './dto/instance.dto';

/**
 * The Forgejo release whose API Bellows follows (the reference description).
 * `GET /version` reports it, with Bellows' own version as build metadata, because
 * client libraries enable operations by comparing this version (the Gitea SDK
 * refuses calls to a server "older" than the release that added them).
 */
export const FORGEJO_API_LEVEL = '11.0.0';

/**
 * Bellows' own version, from the server package's manifest, found by the package's name: the
 * code runs from src/ (tests), dist/ and dist-bench/src/ (the bench), at different depths.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const BELLOWS_VERSION: string = require('@bellows/server/package.json').version;

const MiB = 1024 * 1024;

/**
 * What the server says about itself (Forgejo's miscellaneous and settings
 * operations): its version, NodeInfo, and the limits clients must respect,
 * read from the configuration and the code that enforces them.
 */
@Injectable()
export class InstanceInfoService {
  constructor(
    @Inject(CONFIG) private readonly config: BellowsConfig,
    private readonly owners: OwnerStore,
  ) {}

  version(): ApiServerVersion {
    return { version: `${FORGEJO_API_LEVEL}+bellows-${BELLOWS_VERSION}` };
  }

  /** NodeInfo 2.1, as Forgejo answers it; the user count is public there too. */
  async nodeInfo(): Promise<ApiNodeInfo> {
    const [, users] = await this.owners.search({ kind: 'user' }, 0, 1);
    return {
      version: '2.1',
      software: { name: 'bellows', version: BELLOWS_VERSION, repository: '', homepage: '' },
      protocols: [],
      services: { inbound: [], outbound: [] },
      openRegistrations: false,
      usage: { users: { total: users } },
      metadata: {},
    };
  }

  apiSettings(): ApiGeneralAPISettings {
    return {
      default_paging_num: this.config.api.defaultPagingNum,
      max_response_items: this.config.api.maxResponseItems,
      default_git_trees_per_page: TREE_ENTRIES_PER_PAGE,
      default_max_blob_size: MAX_INLINE_BLOB,
    };
  }

  /** Any type is accepted; one file per upload request; MAX_SIZE in MiB, as Forgejo reports it. */
  attachmentSettings(): ApiGeneralAttachmentSettings {
    return { enabled: true, allowed_types: '*/*', max_size: Math.floor(this.config.attachment.maxSizeBytes / MiB), max_files: 1 };
  }

  /** What Bellows offers: forks, git over HTTP, LFS, stars and time tracking; not (yet) migrations or mirrors. */
  repositorySettings(): ApiGeneralRepoSettings {
    return {
      forks_disabled: false,
      http_git_disabled: false,
      lfs_disabled: false,
      migrations_disabled: true,
      mirrors_disabled: true,
      stars_disabled: false,
      time_tracking_disabled: false,
    };
  }

  /** Bellows has no web interface; these are Forgejo's defaults, which clients use to offer reactions and emojis. */
  uiSettings(): ApiGeneralUISettings {
    return {
      default_theme: 'forgejo-auto',
      allowed_reactions: [...ALLOWED_REACTIONS],
      custom_emojis: ['git', 'gitea', 'codeberg', 'gitlab', 'github', 'gogs', 'forgejo'],
    };
  }
}
