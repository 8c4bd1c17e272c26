export * from './repo-flag';
export * from './repo-flag-store';
