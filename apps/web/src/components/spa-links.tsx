import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Paths the server answers itself (API calls, files, the dev mailbox): never routed in-app. */
const SERVER_PATHS = /^\/(api|dev)(\/|$)/;

/**
 * The in-app destination of a click on a link, or null when the browser must handle it
 * (spec §2): modified or non-primary clicks, links with a target, download links, links marked
 * external (`rel="external"` or `data-external`) or no-spa (`data-no-spa`), other origins and
 * server paths.
 */
export function inAppDestination(event: MouseEvent, origin: string = window.location.origin): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  const anchor = target?.closest('a');
  if (!anchor?.hasAttribute('href')) return null;
  const linkTarget = anchor.getAttribute('target');
  if (linkTarget && linkTarget !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  if (anchor.hasAttribute('data-external') || anchor.hasAttribute('data-no-spa')) return null;
  if ((anchor.getAttribute('rel') ?? '').split(/\s+/).includes('external')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (SERVER_PATHS.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Same-origin link clicks navigate in-app without a reload (spec §2), including plain `<a>`
 * links inside rendered content (notification bodies, What's New). Router `<Link>`s handle
 * themselves first (they prevent the default), so they are left alone.
 */
export function SpaLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const destination = inAppDestination(event);
      if (destination === null) return;
      event.preventDefault();
      void navigate(destination);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}
