import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const VIEWS = ['list', 'map', 'agenda'] as const;

function Example({
  activationMode,
  onValueChange,
}: {
  activationMode?: 'automatic' | 'manual';
  onValueChange?: (value: string) => void;
}) {
  return (
    <Tabs defaultValue="list" activationMode={activationMode} onValueChange={onValueChange}>
      <TabsList aria-label="Views">
        {VIEWS.map((view) => (
          <TabsTrigger key={view} value={view}>
            {view}
          </TabsTrigger>
        ))}
      </TabsList>
      {VIEWS.map((view) => (
        <TabsContent key={view} value={view}>
          <p>{view} panel</p>
        </TabsContent>
      ))}
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs (WAI-ARIA tabs pattern, decision 178)', () => {
  it('names the tabs and their one rendered panel, with one focus stop in the tablist', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Views' }).getAttribute('aria-orientation')).toBe(
      'horizontal',
    );
    expect(tab('list').getAttribute('aria-selected')).toBe('true');
    expect(tab('map').getAttribute('aria-selected')).toBe('false');
    expect(VIEWS.map((view) => tab(view).tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('list panel');
    expect(tab('list').getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('list').id);
    expect(screen.queryByText('map panel')).toBeNull();
  });

  it('selects on a press (mouse down with the primary button, as Radix did), not with Ctrl', () => {
    const onValueChange = vi.fn();
    render(<Example onValueChange={onValueChange} />);
    fireEvent.mouseDown(tab('map'), { button: 0, ctrlKey: true });
    expect(tab('list').getAttribute('aria-selected')).toBe('true');
    fireEvent.mouseDown(tab('map'), { button: 0 });
    fireEvent.click(tab('map'));
    expect(tab('map').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('map panel');
    // The click after the press selects nothing new.
    expect(onValueChange.mock.calls).toEqual([['map']]);
  });

  it('automatic: the arrow keys, Home and End move the focus (looping) and select', () => {
    render(<Example />);
    tab('list').focus();
    fireEvent.keyDown(tab('list'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('agenda'));
    expect(tab('agenda').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('agenda'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('list'));
    fireEvent.keyDown(tab('list'), { key: 'End' });
    expect(document.activeElement).toBe(tab('agenda'));
    fireEvent.keyDown(tab('agenda'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('list'));
    expect(screen.getByRole('tabpanel').textContent).toBe('list panel');
  });

  it('manual: the arrow keys move the focus only; Enter or Space (a click) selects', () => {
    render(<Example activationMode="manual" />);
    tab('list').focus();
    fireEvent.keyDown(tab('list'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('map'));
    expect(tab('list').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tab('map'));
    expect(tab('map').getAttribute('aria-selected')).toBe('true');
  });

  it('follows a controlled value, and asks for changes without making them', () => {
    function Controlled() {
      const [value, setValue] = useState('map');
      return (
        <>
          <Tabs value={value} onValueChange={() => undefined}>
            <TabsList aria-label="Views">
              <TabsTrigger value="list">list</TabsTrigger>
              <TabsTrigger value="map">map</TabsTrigger>
            </TabsList>
          </Tabs>
          <button type="button" onClick={() => setValue('list')}>
            outside
          </button>
        </>
      );
    }
    render(<Controlled />);
    fireEvent.mouseDown(tab('list'), { button: 0 });
    expect(tab('map').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'outside' }));
    expect(tab('list').getAttribute('aria-selected')).toBe('true');
  });

  it('shows a hint at each end of a row that hides tabs, and scrolls by it', () => {
    render(<Example />);
    const row = screen.getByRole('tablist', { name: 'Views' });
    // jsdom lays nothing out: a row 200 px wide holding 500 px of tabs.
    Object.defineProperties(row, {
      clientWidth: { configurable: true, value: 200 },
      scrollWidth: { configurable: true, value: 500 },
    });
    const scrollBy = vi.fn((options: ScrollToOptions) => {
      row.scrollLeft += options.left ?? 0;
      fireEvent.scroll(row);
    });
    row.scrollBy = scrollBy as unknown as typeof row.scrollBy;
    expect(screen.queryByRole('button', { name: 'Altre schede a destra' })).toBeNull();
    fireEvent.scroll(row);
    const after = screen.getByRole('button', { name: 'Altre schede a destra' });
    expect(screen.queryByRole('button', { name: 'Altre schede a sinistra' })).toBeNull();

    fireEvent.click(after);
    expect(scrollBy).toHaveBeenCalledWith({ left: 160, behavior: 'smooth' });
    expect(screen.getByRole('button', { name: 'Altre schede a sinistra' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Altre schede a destra' }));
    // At the end: only the hint back.
    expect(row.scrollLeft).toBe(320);
    expect(screen.queryByRole('button', { name: 'Altre schede a destra' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Altre schede a sinistra' })).toBeTruthy();
  });
});
