export * from './pull-request';
export * from './pull-request-store';
export * from './review';
export * from './review-store';
