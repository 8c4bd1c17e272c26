export * from './topic';
export * from './topic-store';
