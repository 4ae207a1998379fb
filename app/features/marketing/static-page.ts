import type { UIMatch } from "react-router";

/**
 * A route's `handle` that keeps its pages from hydrating (docs/decisions/022): the server's HTML is the
 * whole page, with no React runtime behind it. Everything on such a page must work as HTML and CSS
 * (links, plain forms, <details>, popovers, radio buttons); see public-site.js for the one script they get.
 */
export const staticPageHandle = { hydrate: false } as const;

/** Whether a matched route (the page, or a layout around it) asked not to hydrate. */
export function isStaticPage(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as { hydrate?: unknown } | undefined)?.hydrate === false);
}
