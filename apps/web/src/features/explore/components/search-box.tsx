import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const DEBOUNCE_MS = 300;

/** Free text on name, club and city; searches as the user types (after a short pause) or on Enter. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);

  // The address changed (back button, reset): show what is searched.
  useEffect(() => setText(value), [value]);

  // The latest callback, read when the pause ends: a parent's re-render (a new `onSearch`) must
  // not restart the pause, or a busy screen would search late, after the user has moved on.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearchRef.current(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <search>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text);
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t('explore.search.label')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <input
            id={id}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('explore.search.placeholder')}
            maxLength={200}
            className="h-12 w-full rounded-xl border border-border bg-surface pr-4 pl-10 text-base shadow-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
        </div>
      </form>
    </search>
  );
}
