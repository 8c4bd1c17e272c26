export * from './commit-status';
export * from './commit-status-store';
export * from './combined-state';
