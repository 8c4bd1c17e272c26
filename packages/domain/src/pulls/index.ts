export * from './pull-request';
export * from './pull-request-store';
