export * from './label-template';
export * from './gitignore';
export * from './license-placeholders';
