import { basename, dirname } from 'node:path';
import type { MinioStorageSettings, StorageConfig, StorageSettings } from '../../config';
import { STORAGE_KINDS } from '../../config';
import { BlobBackendLike, BlobRoute, RoutedBlobStorage } from '../../modules/storage/routed-blob-storage';

/**
 * Where one backend keeps its blobs: a folder or a bucket with a prefix, which
 * holds whole keys (`attachments/ab/cd/<uuid>`). Two kinds with equal places
 * share one backend object.
 */
export type BackendPlace = { type: 'local'; path: string } | Omit<MinioStorageSettings, 'serveDirect'>;

/**
 * The place of a kind's blobs, and whether its keys keep their namespace there.
 * A kind whose folder is `<root>/<namespace>`, `root` being `[storage] PATH` (the
 * default), or whose prefix ends with `<namespace>/`, is placed at `<root>` (or
 * the shorter prefix) with whole keys, so that the default layout is one backend
 * for every kind, as before object storage. A folder elsewhere is a place of its
 * own, which keeps a store's temporary files on the same file system as its blobs.
 */
export function placeOf(
  namespace: string | undefined,
  settings: StorageSettings,
  root: string,
): { place: BackendPlace; stripNamespace: boolean } {
  if (settings.type === 'local') {
    if (namespace !== undefined && basename(settings.path) === namespace && dirname(settings.path) === root) {
      return { place: { type: 'local', path: dirname(settings.path) }, stripNamespace: false };
    }
    return { place: { type: 'local', path: settings.path }, stripNamespace: namespace !== undefined };
  }
  const { serveDirect: _serveDirect, basePath, ...rest } = settings;
  void _serveDirect;
  const suffix = namespace === undefined ? undefined : `${namespace}/`;
  if (suffix !== undefined && (basePath === suffix || basePath.endsWith(`/${suffix}`))) {
    return { place: { ...rest, basePath: basePath.slice(0, -suffix.length) }, stripNamespace: false };
  }
  return { place: { ...rest, basePath }, stripNamespace: namespace !== undefined };
}

/** A stable identity of a place (equal places, equal strings). */
function identity(place: BackendPlace): string {
  return JSON.stringify(Object.entries(place).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The BlobStorage of a configuration: each kind routed to the backend `open` makes
 * for its place, one backend per distinct place. Answers the backends too (to
 * check them at start).
 */
export function routedBlobStorage(
  storage: StorageConfig,
  open: (place: BackendPlace) => BlobBackendLike,
): { storage: RoutedBlobStorage; backends: { place: BackendPlace; backend: BlobBackendLike }[] } {
  const opened = new Map<string, { place: BackendPlace; backend: BlobBackendLike }>();
  const routeFor = (namespace: string | undefined, settings: StorageSettings): BlobRoute => {
    const { place, stripNamespace } = placeOf(namespace, settings, storage.path);
    const id = identity(place);
    if (!opened.has(id)) opened.set(id, { place, backend: open(place) });
    return { backend: opened.get(id)!.backend, stripNamespace, serveDirect: settings.serveDirect };
  };
  const fallback = routeFor(undefined, storage.default);
  const routes = new Map(STORAGE_KINDS.map((kind) => [kind, routeFor(kind, storage.kinds[kind])] as const));
  return { storage: new RoutedBlobStorage(routes, fallback), backends: [...opened.values()] };
}

/** A place as an operator recognises it in a message (never the secret). */
export function describePlace(place: BackendPlace): string {
  if (place.type === 'local') return place.path;
  return `${place.useSsl ? 'https' : 'http'}://${place.endpoint}/${place.bucket}/${place.basePath}`;
}

/** Where a kind's blobs are, as an operator recognises it (never the secret). */
export function describeStorage(settings: StorageSettings): string {
  if (settings.type === 'local') return settings.path;
  return `${settings.useSsl ? 'https' : 'http'}://${settings.endpoint}/${settings.bucket}/${settings.basePath}`;
}
