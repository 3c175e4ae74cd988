import { useCallback, useEffect, useRef, useState } from 'react';
import { reportOfflineMutation } from './retry';

/** An action's state, as the forms read it (the names of a TanStack Query mutation's). */
export type ActionState<TData> =
  | { status: 'idle'; data: undefined; error: null; isPending: false; isSuccess: false }
  | { status: 'pending'; data: undefined; error: null; isPending: true; isSuccess: false }
  | { status: 'success'; data: TData; error: null; isPending: false; isSuccess: true }
  | { status: 'error'; data: undefined; error: Error; isPending: false; isSuccess: false };

export type Action<TData, TVariables> = ActionState<TData> & {
  /** Runs the call; rejects with its error (the form shows it through `error`). */
  mutateAsync(variables: TVariables): Promise<TData>;
  reset(): void;
};

const IDLE = { status: 'idle', data: undefined, error: null, isPending: false, isSuccess: false } as const;

/**
 * A call made by a signed-out screen's form (sign in, register, verify, reset), with its
 * pending, success and error state: what `useMutation` gave them, without the query cache on
 * their first load (decision 160). An action that fails offline says so (spec §9), as the
 * query client's mutations do.
 */
export function useAction<TData, TVariables>(
  call: (variables: TVariables) => Promise<TData>,
  options: { onSuccess?: (data: TData) => void } = {},
): Action<TData, TVariables> {
  const [state, setState] = useState<ActionState<TData>>(IDLE);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const latest = useRef({ call, onSuccess: options.onSuccess });
  latest.current = { call, onSuccess: options.onSuccess };

  const mutateAsync = useCallback(async (variables: TVariables) => {
    const update = (next: ActionState<TData>) => {
      if (mounted.current) setState(next);
    };
    update({ status: 'pending', data: undefined, error: null, isPending: true, isSuccess: false });
    try {
      const data = await latest.current.call(variables);
      latest.current.onSuccess?.(data);
      update({ status: 'success', data, error: null, isPending: false, isSuccess: true });
      return data;
    } catch (error) {
      reportOfflineMutation(error, false);
      update({ status: 'error', data: undefined, error: error as Error, isPending: false, isSuccess: false });
      throw error;
    }
  }, []);
  const reset = useCallback(() => setState(IDLE), []);
  return { ...state, mutateAsync, reset };
}
