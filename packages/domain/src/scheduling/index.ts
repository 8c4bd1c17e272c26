export * from './scheduled-job';
export * from './scheduled-job-store';
