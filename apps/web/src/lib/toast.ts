import { useSyncExternalStore } from 'react';

/**
 * Toast state of spec §4: a toast is added, updated, dismissed (closed) and then removed.
 * One toast is visible at a time; a new one replaces the previous. Toasts close by
 * themselves after {@link TOAST_DURATION_MS} and are removed the same time after closing.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 3000;
export const TOAST_REMOVE_DELAY_MS = 3000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  /** Describes the action for screen readers when the toast is announced. */
  altText: string;
  onClick: () => void;
}

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastEvent =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; id: string; toast: Partial<ToastInput> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function toastReducer(state: readonly ToastItem[], event: ToastEvent): ToastItem[] {
  switch (event.type) {
    case 'add':
      return [event.toast, ...state].slice(0, TOAST_LIMIT);
    case 'update':
      return state.map((item) => (item.id === event.id ? { ...item, ...event.toast } : item));
    case 'dismiss':
      return state.map((item) =>
        event.id === undefined || item.id === event.id ? { ...item, open: false } : item,
      );
    case 'remove':
      return event.id === undefined ? [] : state.filter((item) => item.id !== event.id);
  }
}

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function dispatch(event: ToastEvent): void {
  toasts = toastReducer(toasts, event);
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all of them; each is removed {@link TOAST_REMOVE_DELAY_MS} later. */
export function dismissToast(id?: string): void {
  for (const item of toasts) if (id === undefined || item.id === id) scheduleRemoval(item.id);
  dispatch(id === undefined ? { type: 'dismiss' } : { type: 'dismiss', id });
}

/** Shows a toast, replacing the visible one. */
export function toast(input: ToastInput) {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  for (const item of toasts) scheduleRemoval(item.id);
  dispatch({ type: 'add', toast: { variant: 'default', ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (changes: Partial<ToastInput>) => dispatch({ type: 'update', id, toast: changes }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastItem[] {
  return toasts;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Drops every toast at once, without waiting for the removal delay (e.g. on sign-out). */
export function clearToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  dispatch({ type: 'remove' });
}
