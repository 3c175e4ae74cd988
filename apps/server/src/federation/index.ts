export { createFederationClient, DEFAULT_CLIENT_OPTIONS, type FederationClient } from './client';
export { FederationRequestError, FederationUnavailableError, isFederationUnavailable } from './errors';
export type { CallOptions } from './http';
export type { ListPage } from './mapping';
export * from './types';
