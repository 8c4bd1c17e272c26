export * from './issue-template';
export * from './issue-config';
