export * from './auth';
export * from './notifications';
export * from './system';
export * from './users';
