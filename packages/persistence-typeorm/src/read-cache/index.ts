export * from './change-versions';
export * from './read-caches';
export * from './versioned-cache';
