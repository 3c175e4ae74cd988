import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { isRenderingOverHtml } from '@/lib/hydration';

/** Calls `run` when the browser is idle (at the latest after `timeout` ms); returns a cancel. */
function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1);
  return () => clearTimeout(id);
}

/**
 * Renders `fallback` in the prerendered page and while the app hydrates it, then `children` once
 * the browser is idle, in a transition (React renders it in slices): what is below the fold is
 * no part of the page's start (decision 205). Mounted after the start (a navigation back to the
 * page), it renders `children` at once.
 */
export function AfterStart({
  children,
  fallback,
  timeout = 2000,
}: {
  children: ReactNode;
  fallback: ReactNode;
  /** The longest wait for an idle moment, in milliseconds. */
  timeout?: number;
}) {
  const [started, setStarted] = useState(() => !isRenderingOverHtml());
  useEffect(() => {
    if (started) return;
    return whenIdle(() => startTransition(() => setStarted(true)), timeout);
  }, [started, timeout]);
  return started ? children : fallback;
}
