export * from './hook-events';
export * from './branch-filter';
export * from './webhook';
export * from './webhook-store';
export * from './hook-delivery';
export * from './hook-delivery-store';
export * from './ref-changes';
export * from './ref-snapshot-store';
