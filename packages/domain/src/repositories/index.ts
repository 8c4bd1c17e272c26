export * from './repo-name';
