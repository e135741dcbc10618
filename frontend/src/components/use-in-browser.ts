import { startTransition, useEffect, useState } from 'react'

/**
 * Whether what renders now may show the browser's state. False in the prerender at build time
 * (no window) and while React adopts a prerendered page (main.tsx calls adoptPrerenderedPage);
 * true otherwise, and from the first commit in the browser on.
 */
let browserStateShown = typeof window !== 'undefined'

/** Called before React adopts a prerendered page: its first render must match the prerendered HTML. */
export function adoptPrerenderedPage(): void {
  browserStateShown = false
}

/**
 * False while the page is prerendered at build time (scripts/prerender.mjs) and while React adopts
 * that markup, true in the browser. What depends on browser storage (the cart, the session) renders
 * neutral when false, so that the prerendered HTML never shows a user something untrue, such as an
 * empty cart that is not.
 *
 * Once the adopted page has committed, the browser's state follows in a transition: React renders
 * it in short slices instead of one long task (Total Blocking Time), as it adopted the page. What
 * mounts after that renders the browser's state at once.
 */
export function useInBrowser(): boolean {
  const [inBrowser, setInBrowser] = useState(browserStateShown)
  useEffect(() => {
    browserStateShown = true
    if (!inBrowser) startTransition(() => setInBrowser(true))
  }, [inBrowser])
  return inBrowser
}
