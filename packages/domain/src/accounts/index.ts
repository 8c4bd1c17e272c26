export * from './owner-name';
export * from './owner';
export * from './owner-store';
export * from './team';
export * from './team-store';
export * from './team-member-store';
export * from './follow-store';
export * from './public-member-store';
