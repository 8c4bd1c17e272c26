export * from './rule-pattern';
export * from './branch-protection';
export * from './tag-protection';
export * from './ref-policy';
export * from './protection-store';
