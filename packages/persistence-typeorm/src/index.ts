export * from './database';
export * from './database-options';
export * from './data-source';
export * from './entities';
export * from './stores/owner.store';
export * from './stores/access-token.store';
export * from './testing/test-databases';
