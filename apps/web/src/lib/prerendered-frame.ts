/**
 * A signed-in screen's frame prerendered into index.html (decision 178): the signed-in layout
 * and the screen's title, painted from HTML before any script. The app renders behind it, in a
 * hidden container, and takes its place whole once its first screen is ready: never a
 * full-screen spinner over the frame, never a half-built page.
 *
 * "Ready" is the first commit in which no full-screen spinner is mounted: every spinner that
 * stands for "the screen is not there yet" (the router's first load, the session being
 * checked, the signed-in layout rendering behind it) holds the frame while it is mounted
 * (`FullScreenSpinner`, through {@link holdFrame}). A signed-out visitor's redirect, an error screen or any other first
 * screen holds nothing and replaces the frame at once.
 */

/** The attribute on the prerendered frame's outer element (index.html). */
export const APP_FRAME_ATTRIBUTE = 'data-app-frame';

let holds = 0;
let committed = false;
let reveal: (() => void) | null = null;

function revealIfReady(): void {
  if (!committed || holds > 0 || !reveal) return;
  const swap = reveal;
  reveal = null;
  swap();
}

/**
 * main.tsx: the container the app renders into. Over a prerendered frame inside `root`, a hidden
 * sibling of the frame that replaces it when the first screen is ready; otherwise `root` itself.
 */
export function appContainer(root: HTMLElement): HTMLElement {
  const frame = root.querySelector<HTMLElement>(`[${APP_FRAME_ATTRIBUTE}]`);
  if (!frame) return root;
  const container = document.createElement('div');
  container.hidden = true;
  root.append(container);
  committed = false;
  reveal = () => {
    frame.remove();
    container.hidden = false;
  };
  return container;
}

/** main.tsx: the app's first commit is done (a layout effect after the whole tree's). */
export function markFirstCommit(): void {
  committed = true;
  revealIfReady();
}

/** Keeps the frame on screen until the returned release is called (once). */
export function holdFrame(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    revealIfReady();
  };
}
