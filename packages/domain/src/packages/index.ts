export * from './package';
export * from './package-store';
