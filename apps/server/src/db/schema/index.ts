export * from './auth';
export * from './competitions';
export * from './filters';
export * from './notifications';
export * from './subscriptions';
export * from './system';
export * from './users';
