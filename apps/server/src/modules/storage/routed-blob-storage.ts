import type { Readable } from 'node:stream';
import type { DigestAlgorithm, Digests } from '@bellows/storage';
import {
  BlobFileStat,
  BlobStorage,
  BlobWriteOptions,
  HashedBlobContentInfo,
  ListedBlobInfo,
  PresignedReadOptions,
  StoredBlobInfo,
  TemporaryBlobFile,
} from './blob-storage';

/** What a store of blobs offers; a presigned URL only where the store can make one (object storage). */
export type BlobBackendLike = Omit<BlobStorage, 'presignedReadUrl'> & {
  presignedReadUrl?(key: string, options: PresignedReadOptions): Promise<string | null>;
};

/**
 * Where the keys of one namespace (the first part of a key: `attachments`, `lfs`…) go.
 * `stripNamespace`: the backend holds the namespace's blobs at its top (`ab/cd/<uuid>`,
 * as a kind with a PATH or MINIO_BASE_PATH of its own); otherwise it holds whole keys,
 * which lets kinds that resolve to one place share one backend.
 */
export interface BlobRoute {
  backend: BlobBackendLike;
  stripNamespace: boolean;
  /** SERVE_DIRECT: downloads of this namespace may be redirected to a presigned URL. */
  serveDirect: boolean;
}

/** A hash no content has, to learn from a content-addressed write's key function which namespace it writes in. */
const PROBE_SHA256 = '0'.repeat(64);

/**
 * The BlobStorage port over several backends, one per kind of blob: each key goes
 * to the backend of its namespace, keys of no listed namespace to `fallback`
 * (`[storage]`). Listing everything walks each backend once and reports each key
 * only from the backend its namespace routes to, so blobs left behind at a former
 * location (after `bellows admin storage migrate`) are not counted twice.
 */
export class RoutedBlobStorage implements BlobStorage {
  constructor(
    private readonly routes: ReadonlyMap<string, BlobRoute>,
    private readonly fallback: BlobRoute,
  ) {}

  private routeOf(key: string): { route: BlobRoute; inner: string; namespace: string } {
    const slash = key.indexOf('/');
    const namespace = slash < 0 ? key : key.slice(0, slash);
    const route = this.routes.get(namespace);
    if (!route) return { route: this.fallback, inner: key, namespace };
    // A key that is the namespace itself stays whole, so that the backend's key check refuses it.
    return { route, inner: route.stripNamespace && slash >= 0 ? key.slice(slash + 1) : key, namespace };
  }

  private outer(route: BlobRoute, namespace: string, inner: string): string {
    return route.stripNamespace ? `${namespace}/${inner}` : inner;
  }

  async write(key: string, input: Readable, options?: BlobWriteOptions): Promise<StoredBlobInfo> {
    const { route, inner } = this.routeOf(key);
    return { ...(await route.backend.write(inner, input, options)), key };
  }

  /**
   * The key is known only once the content is: the namespace is learnt by asking
   * `keyFor` about a made-up content first (key functions are pure, and a kind's
   * keys all start with its namespace); a key outside it fails the write.
   */
  async writeDerived(
    input: Readable,
    options: BlobWriteOptions,
    keyFor: (info: HashedBlobContentInfo) => string,
  ): Promise<StoredBlobInfo & HashedBlobContentInfo> {
    const { route, namespace } = this.routeOf(keyFor({ size: 0, sha256: PROBE_SHA256 }));
    const stored = await route.backend.writeDerived(input, options, (info) => {
      const key = keyFor(info);
      const actual = this.routeOf(key);
      if (actual.route !== route || actual.namespace !== namespace) throw new Error(`a content-addressed key left its namespace: ${key}`);
      return actual.inner;
    });
    return { ...stored, key: this.outer(route, namespace, stored.key) };
  }

  async read(key: string, range?: { start?: number; end?: number }): Promise<Readable> {
    const { route, inner } = this.routeOf(key);
    return route.backend.read(inner, range);
  }

  async stat(key: string): Promise<BlobFileStat> {
    const { route, inner } = this.routeOf(key);
    return route.backend.stat(inner);
  }

  async exists(key: string): Promise<boolean> {
    const { route, inner } = this.routeOf(key);
    return route.backend.exists(inner);
  }

  async digestsOf(key: string, algorithms: DigestAlgorithm[]): Promise<Digests> {
    const { route, inner } = this.routeOf(key);
    return route.backend.digestsOf(inner, algorithms);
  }

  async delete(key: string): Promise<boolean> {
    const { route, inner } = this.routeOf(key);
    return route.backend.delete(inner);
  }

  async deleteFolder(prefix: string): Promise<void> {
    const { route, inner } = this.routeOf(prefix);
    if (route.stripNamespace && inner === prefix) {
      // The whole namespace of a backend of its own: every blob it holds.
      for await (const blob of route.backend.list()) await route.backend.delete(blob.key);
      return;
    }
    await route.backend.deleteFolder(inner);
  }

  async *list(prefix?: string): AsyncGenerator<ListedBlobInfo> {
    if (prefix !== undefined) {
      const { route, inner, namespace } = this.routeOf(prefix);
      const below = route.stripNamespace && inner === prefix ? undefined : inner;
      for await (const blob of route.backend.list(below)) {
        const key = this.outer(route, namespace, blob.key);
        if (this.routeOf(key).route === route) yield { ...blob, key };
      }
      return;
    }
    for (const { route, namespace } of this.distinctListings()) {
      for await (const blob of route.backend.list()) {
        const key = namespace === undefined ? blob.key : `${namespace}/${blob.key}`;
        // A whole-key backend may hold blobs of a kind now routed elsewhere: those are not its to report.
        if (this.routeOf(key).route.backend === route.backend) yield { ...blob, key };
      }
    }
  }

  async deleteIfOlderThan(key: string, cutoff: Date): Promise<BlobFileStat | null> {
    const { route, inner } = this.routeOf(key);
    return route.backend.deleteIfOlderThan(inner, cutoff);
  }

  async sweepTemporary(cutoff: Date, options?: { dryRun?: boolean }): Promise<TemporaryBlobFile[]> {
    const swept: TemporaryBlobFile[] = [];
    for (const backend of new Set([this.fallback, ...this.routes.values()].map((route) => route.backend))) {
      swept.push(...(await backend.sweepTemporary(cutoff, options)));
    }
    return swept;
  }

  async presignedReadUrl(key: string, options: PresignedReadOptions): Promise<string | null> {
    const { route, inner } = this.routeOf(key);
    if (!route.serveDirect || !route.backend.presignedReadUrl) return null;
    return route.backend.presignedReadUrl(inner, options);
  }

  /** Each backend once: whole-key backends listed from their top, namespace backends with their namespace to put back. */
  private distinctListings(): { route: BlobRoute; namespace?: string }[] {
    const listings: { route: BlobRoute; namespace?: string }[] = [];
    const seen = new Set<BlobBackendLike>();
    for (const [namespace, route] of [[undefined, this.fallback] as const, ...this.routes.entries()]) {
      if (seen.has(route.backend)) continue;
      seen.add(route.backend);
      listings.push(route.stripNamespace ? { route, namespace } : { route });
    }
    return listings;
  }
}
