import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/**
 * Tabs after the WAI-ARIA tabs pattern, with the API of the Radix tabs they replace (decision
 * 178): a tablist whose arrow keys, Home and End move the focus (looping); with
 * `activationMode="automatic"` (the default) the focused tab shows its panel, with "manual" only
 * Enter, Space or a press do. A press selects on mouse down, as Radix did. Only the selected
 * panel is rendered. Radix's panel mounted through its Presence, which read the panel's computed
 * style and set state while React committed: a forced style recalculation and a second,
 * synchronous render of the whole screen on every first paint of a page with tabs.
 */

type TabsContextValue = {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
  activationMode: 'automatic' | 'manual';
};

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>`);
  return context;
}

/** The DOM ids of a tab and its panel (a value may hold any character: it is encoded). */
function ids(baseId: string, value: string) {
  const key = encodeURIComponent(value).replace(/%/g, '_');
  return { tab: `${baseId}-tab-${key}`, panel: `${baseId}-panel-${key}` };
}

export function Tabs({
  value: controlled,
  defaultValue,
  onValueChange,
  activationMode = 'automatic',
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  activationMode?: 'automatic' | 'manual';
}) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const value = controlled ?? uncontrolled;
  const select = useCallback(
    (next: string) => {
      if (next === value) return;
      if (controlled === undefined) setUncontrolled(next);
      onValueChange?.(next);
    },
    [value, controlled, onValueChange],
  );
  const context = useMemo(
    () => ({ baseId, value, select, activationMode }),
    [baseId, value, select, activationMode],
  );
  return (
    <TabsContext.Provider value={context}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Which ends of a scrolling row hide tabs: the hints show there. */
function useOverflow() {
  const [row, setRow] = useState<HTMLDivElement | null>(null);
  const [hidden, setHidden] = useState({ before: false, after: false });
  useEffect(() => {
    if (!row) return;
    const measure = () => {
      const before = row.scrollLeft > 1;
      const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setHidden((current) =>
        current.before === before && current.after === after ? current : { before, after },
      );
    };
    measure();
    // The selected tab in view (a tournament may open on its fifth draw).
    row.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView?.({
      block: 'nearest',
      inline: 'nearest',
    });
    row.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resize?.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [row]);
  return { ref: setRow, row, hidden };
}

/**
 * The row of tabs. Too many for the width, it scrolls sideways, and each end that hides tabs
 * shows a fade with an arrow (pressing it scrolls by most of a width): a row cut at the edge
 * with no sign of more is how tabs get missed on a phone.
 */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const { activationMode } = useTabs('TabsList');
  const { t } = useTranslation();
  const { ref, row, hidden } = useOverflow();
  const onArrow = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const move = MOVES[event.key];
    if (event.defaultPrevented || !move || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next = tabs[move(index, tabs.length)];
    next?.focus();
    next?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    if (activationMode === 'automatic') next?.click();
  };
  const scroll = (direction: 1 | -1) =>
    row?.scrollBy({ left: direction * row.clientWidth * 0.8, behavior: 'smooth' });
  const hint = (side: 'before' | 'after') => (
    <button
      type="button"
      // The keyboard has the arrow keys; the hint is for a pointer (and says there is more).
      tabIndex={-1}
      aria-label={t(side === 'after' ? 'tabs.moreAfter' : 'tabs.moreBefore')}
      data-hint={side}
      onClick={() => scroll(side === 'after' ? 1 : -1)}
      className={cn(
        'absolute inset-y-0 z-10 flex w-10 items-center text-muted-foreground',
        side === 'after'
          ? 'right-0 justify-end bg-gradient-to-l from-background via-background/80 to-transparent'
          : 'left-0 justify-start bg-gradient-to-r from-background via-background/80 to-transparent',
      )}
    >
      {side === 'after' ? (
        <ChevronRight aria-hidden="true" className="size-4" />
      ) : (
        <ChevronLeft aria-hidden="true" className="size-4" />
      )}
    </button>
  );
  return (
    // As wide as its row allows and no wider: the tabs scroll inside it.
    <div className="relative w-full min-w-0">
      {hidden.before && hint('before')}
      {/* The arrow keys belong to the tablist, as the pattern says (its tabs are its only focus stops). */}
      <div
        ref={ref}
        role="tablist"
        aria-orientation="horizontal"
        className={cn(
          'flex w-full gap-1 overflow-x-auto border-b border-border [scrollbar-width:thin]',
          className,
        )}
        onKeyDown={onArrow}
        {...props}
      />
      {hidden.after && hint('after')}
    </div>
  );
}

export function TabsTrigger({
  value,
  className,
  onMouseDown,
  onClick,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const context = useTabs('TabsTrigger');
  const selected = context.value === value;
  const { tab, panel } = ids(context.baseId, value);
  return (
    <button
      type="button"
      role="tab"
      id={tab}
      aria-selected={selected}
      aria-controls={panel}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      className={cn(
        '-mb-px shrink-0 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
        'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'data-[state=active]:border-primary data-[state=active]:text-primary',
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // A press selects at once (a primary button without Ctrl, which opens a menu on macOS).
        if (!event.defaultPrevented && event.button === 0 && !event.ctrlKey && !props.disabled)
          context.select(value);
      }}
      onClick={(event) => {
        onClick?.(event);
        // Enter and Space (a button's click), and the arrow keys in automatic mode.
        if (!event.defaultPrevented) context.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'value'> & { value: string }) {
  const context = useTabs('TabsContent');
  if (context.value !== value) return null;
  const { tab, panel } = ids(context.baseId, value);
  return (
    <div
      role="tabpanel"
      id={panel}
      aria-labelledby={tab}
      data-state="active"
      data-orientation="horizontal"
      // The panel is a focus stop after its tab, as the pattern asks when it may hold no control.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern's panel
      tabIndex={0}
      className={cn('pt-6 focus-visible:outline-none', className)}
      {...props}
    />
  );
}
