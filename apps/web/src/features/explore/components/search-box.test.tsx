import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';

describe('search box', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches 300 ms after the last keystroke, even while the screen re-renders with a new callback', () => {
    const searched: string[] = [];
    const { rerender } = render(<SearchBox value="" onSearch={(text) => searched.push(text)} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Rieti' } });
    // A busy screen re-renders every 100 ms, each time with a new callback.
    for (let i = 0; i < 2; i++) {
      act(() => vi.advanceTimersByTime(100));
      rerender(<SearchBox value="" onSearch={(text) => searched.push(text)} />);
    }
    act(() => vi.advanceTimersByTime(99));
    expect(searched).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(searched).toEqual(['Rieti']);
  });

  it('never searches after it is gone', () => {
    const onSearch = vi.fn();
    const { unmount } = render(<SearchBox value="" onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Rieti' } });
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
