import type { Home } from '@radar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiClient } from '@/lib/api-client';
import { homeKeys } from '@/lib/query-keys';
import { POSTAL_STORAGE_KEY, readRememberedPostal } from '@/lib/remembered-postal';
import { removeStorage, writeStorage } from '@/lib/storage';

/** Where "tournaments near you" looks from: a postal code (remembered) or the browser's position. */
export type NearWhere = { postal: string } | { lat: number; lng: number } | null;

export function getHome(where: NearWhere, signal?: AbortSignal): Promise<Home> {
  const query = where
    ? 'postal' in where
      ? { postal: where.postal }
      : { lat: where.lat, lng: where.lng }
    : {};
  return apiClient.get<Home>('/home', { query, ...(signal ? { signal } : {}) });
}

/** `GET /api/home`: the whole dashboard; asked again on each visit (the week and statuses move). */
export function useHome(where: NearWhere) {
  return useQuery({
    queryKey: homeKeys.home(where),
    queryFn: async ({ signal }) => {
      const home = await getHome(where, signal);
      // A postal code is remembered once the server knew it (an unknown one is not kept).
      if (where && 'postal' in where && home.nearYou.place) writeStorage(POSTAL_STORAGE_KEY, where.postal);
      return home;
    },
    staleTime: 60 * 1000,
    refetchOnMount: true,
    placeholderData: keepPreviousData,
    // An unknown postal code is an answer, not a reason to ask again.
    retry: false,
  });
}

/** The dashboard's place: the remembered postal code, replaced by a new one (remembered once known) or by the position. */
export function useNearWhere() {
  const [where, setWhere] = useState<NearWhere>(() => {
    const postal = readRememberedPostal();
    return postal ? { postal } : null;
  });
  const usePostal = useCallback((postal: string) => setWhere({ postal }), []);
  const usePosition = useCallback((lat: number, lng: number) => {
    setWhere({ lat: Math.round(lat * 1e3) / 1e3, lng: Math.round(lng * 1e3) / 1e3 });
  }, []);
  const forget = useCallback(() => {
    removeStorage(POSTAL_STORAGE_KEY);
    setWhere(null);
  }, []);
  return { where, usePostal, usePosition, forget };
}
