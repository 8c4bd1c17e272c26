export * from './action-run';
export * from './action-run-store';
export * from './artifact';
export * from './artifact-store';
export * from './action-secret';
export * from './action-secret-store';
export * from './action-variable';
export * from './action-variable-store';
