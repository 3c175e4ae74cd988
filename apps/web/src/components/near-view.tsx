import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isRenderingOverHtml } from '@/lib/hydration';

/**
 * Renders `children` once its place comes within `margin` of the viewport, `placeholder` (which
 * should hold the same space) until then: a lazy section below the fold then loads when the
 * reader gets near it, not with the first screen (decision 161). Without IntersectionObserver
 * it renders `children` at once, except over prerendered HTML (the prerender has none either:
 * decision 205).
 */
export function NearView({
  children,
  placeholderClassName,
  margin = '300px',
}: {
  children: ReactNode;
  placeholderClassName?: string;
  margin?: string;
}) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(
    () => !isRenderingOverHtml() && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  if (!near) return <div ref={placeholder} aria-hidden="true" className={placeholderClassName} />;
  return children;
}
