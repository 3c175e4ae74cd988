export * from './system';
export * from './users';
