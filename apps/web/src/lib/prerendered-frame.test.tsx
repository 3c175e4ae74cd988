import { act } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FullScreenSpinner } from '@/components/ui/full-screen-spinner';

type FrameModule = typeof import('./prerendered-frame');

let frameModule: FrameModule;
let root: HTMLElement;
let reactRoot: Root | null = null;

/** index.html as the inline script leaves it for a returning signed-in user on /explore. */
function paintFrame() {
  root.innerHTML = '<div data-app-frame=""><header>Radar Tornei</header><h1>Esplora i tornei</h1></div>';
}

const frame = () => root.querySelector('[data-app-frame]');

beforeEach(async () => {
  // The module keeps the page's one frame: a fresh copy per test.
  vi.resetModules();
  frameModule = await import('./prerendered-frame');
  document.body.innerHTML = '<div id="root"></div>';
  root = document.getElementById('root') as HTMLElement;
});

afterEach(() => {
  act(() => reactRoot?.unmount());
  reactRoot = null;
  document.body.innerHTML = '';
});

describe('the prerendered signed-in frame (decision 178)', () => {
  it('renders the app into #root itself when there is no frame', () => {
    expect(frameModule.appContainer(root)).toBe(root);
  });

  it('renders the app behind the frame, hidden, and swaps them at the first commit when nothing holds it', () => {
    paintFrame();
    const container = frameModule.appContainer(root);
    expect(container).not.toBe(root);
    expect(container.parentElement).toBe(root);
    expect(container.hidden).toBe(true);
    expect(frame()).not.toBeNull();

    frameModule.markFirstCommit();
    expect(frame()).toBeNull();
    expect(container.hidden).toBe(false);
  });

  it('keeps the frame while a hold lasts, past the first commit, and swaps once when released', () => {
    paintFrame();
    const container = frameModule.appContainer(root);
    const release = frameModule.holdFrame();
    frameModule.markFirstCommit();
    expect(frame()).not.toBeNull();
    expect(container.hidden).toBe(true);

    release();
    release(); // a second release changes nothing
    expect(frame()).toBeNull();
    expect(container.hidden).toBe(false);
  });

  it('is held by the full-screen spinner: the screen that replaces the spinner replaces the frame', async () => {
    // The spinner imports the module: the same fresh copy as this test's.
    const { FullScreenSpinner: Spinner } = (await import('@/components/ui/full-screen-spinner')) as {
      FullScreenSpinner: typeof FullScreenSpinner;
    };
    paintFrame();
    const container = frameModule.appContainer(root);
    let showScreen: () => void = () => undefined;
    function App() {
      const [ready, setReady] = useState(false);
      showScreen = () => setReady(true);
      return ready ? <h1>Esplora i tornei</h1> : <Spinner />;
    }
    function FirstCommit() {
      useLayoutEffect(frameModule.markFirstCommit, []);
      return null;
    }
    reactRoot = createRoot(container);
    act(() =>
      reactRoot?.render(
        <>
          <App />
          <FirstCommit />
        </>,
      ),
    );
    // The spinner is drawn behind the frame, which stays on screen.
    expect(container.querySelector('[role="status"]')).not.toBeNull();
    expect(container.hidden).toBe(true);
    expect(frame()).not.toBeNull();

    act(() => showScreen());
    expect(frame()).toBeNull();
    expect(container.hidden).toBe(false);
    expect(container.querySelector('h1')?.textContent).toBe('Esplora i tornei');
  });
});
