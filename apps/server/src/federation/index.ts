export { createFederationClient, DEFAULT_CLIENT_OPTIONS, type FederationClientOptions } from './client';
export {
  FederationRequestError,
  FederationUnavailableError,
  isFederationUnavailable,
  type UnavailableReason,
} from './errors';
export { isTpraGuid, TPRA_PLACEHOLDER_GUID, tpraGuid, tpraIdOf } from './mapping';
export * from './types';
