import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * A query client given from outside (tests: a fresh one per test, unpersisted), for the data
 * layer (data-layer.tsx) to use instead of the app's. Type-only import: this module sits on the
 * first load, which carries no TanStack Query code (decision 160).
 */
export const GivenQueryClient = createContext<QueryClient | undefined>(undefined);
