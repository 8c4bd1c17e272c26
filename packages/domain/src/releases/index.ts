export * from './release';
export * from './release-store';
