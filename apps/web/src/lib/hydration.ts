/**
 * Whether the render under way is one over prerendered HTML (decision 205): the build's
 * prerender of the landing (src/prerender/landing-shell.tsx) and the browser's hydration of it
 * (main.tsx, until the first commit). Both must give the same markup, so what a component would
 * read from the browser on its first render (a deferred section, a placeholder) waits for the
 * next one instead. Components mounted later (a navigation, a screen that loads afterwards) see
 * false.
 */
let overHtml = false;

export function isRenderingOverHtml(): boolean {
  return overHtml;
}

/** The prerender (before it renders) and main.tsx (before hydrating, and at the first commit). */
export function setRenderingOverHtml(value: boolean): void {
  overHtml = value;
}
