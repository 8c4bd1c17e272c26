export * from './change-versions';
export * from './read-caches';
export * from './versioned-cache';
export * from './postgres-change-feed';
export * from './sqlite-other-writers';
