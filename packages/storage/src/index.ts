export * from './errors';
export * from './keys';
export {
  BlobStore,
  type WriteOptions,
  type BlobInfo,
  type HashedBlobInfo,
  type StoredBlob,
  type BlobStat,
  type ListedBlob,
  type TemporaryFile,
} from './blob-store';
export { ContentAddressedStore, type PutResult } from './content-addressed-store';
export { type DigestAlgorithm, type Digests } from './digests';
