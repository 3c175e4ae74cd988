export * from './notifications';
export * from './system';
export * from './users';
