export * from './constants';
export * from './errors';
export * from './geo';
export * from './health';
export * from './i18n';
export * from './notification-texts';
export * from './notifications';
export * from './validation';
