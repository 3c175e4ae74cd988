import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { dismissToast, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, toast, toastReducer } from './toast';

describe('toastReducer', () => {
  const item = (id: string) => ({ id, open: true, title: id });

  it('keeps one toast at a time, newest first', () => {
    const state = toastReducer([item('1')], { type: 'add', toast: item('2') });
    expect(state.map((t) => t.id)).toEqual(['2']);
  });

  it('updates, dismisses and removes by id, or all without one', () => {
    let state = toastReducer([item('1')], { type: 'update', id: '1', toast: { title: 'changed' } });
    expect(state[0]?.title).toBe('changed');
    state = toastReducer(state, { type: 'dismiss', id: '1' });
    expect(state[0]?.open).toBe(false);
    expect(toastReducer([item('1')], { type: 'dismiss' })[0]?.open).toBe(false);
    expect(toastReducer([item('1')], { type: 'remove', id: '1' })).toEqual([]);
    expect(toastReducer([item('1')], { type: 'remove' })).toEqual([]);
  });
});

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast, replaces it with the next one and lets the user close it', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Filtro salvato', description: 'Riceverai le notifiche' });
    });
    expect(screen.getByText('Filtro salvato')).toBeTruthy();
    expect(screen.getByText('Riceverai le notifiche')).toBeTruthy();

    act(() => {
      toast({ title: 'Errore di rete', variant: 'destructive' });
    });
    expect(screen.queryByText('Filtro salvato')).toBeNull();
    expect(screen.getByText('Errore di rete')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    });
    expect(screen.queryByText('Errore di rete')).toBeNull();
  });

  it('closes a toast by itself after 3 seconds', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Messaggio inviato' });
    });

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByText('Messaggio inviato')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(100 + TOAST_REMOVE_DELAY_MS);
    });
    expect(screen.queryByText('Messaggio inviato')).toBeNull();
  });

  it('updates the text of a visible toast', () => {
    render(<Toaster />);
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Invio…' });
    });
    act(() => {
      handle?.update({ title: 'Inviato' });
    });
    expect(screen.getByText('Inviato')).toBeTruthy();

    act(() => {
      dismissToast();
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    });
    expect(screen.queryByText('Inviato')).toBeNull();
  });
});
