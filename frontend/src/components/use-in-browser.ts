import { startTransition, useEffect, useState } from 'react'

/**
 * Whether React is adopting a page prerendered for its route: scripts/prerender.mjs marks its
 * #root, and the first commit in the browser unmarks it. True in the prerender itself (no document).
 */
const adoptingPrerenderedPage = () =>
  typeof document === 'undefined' || document.getElementById('root')?.hasAttribute('data-prerendered') === true

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
  const [inBrowser, setInBrowser] = useState(() => !adoptingPrerenderedPage())
  useEffect(() => {
    if (inBrowser) return
    // The adopted page has committed: what mounts from now on shows the browser's state at once.
    document.getElementById('root')?.removeAttribute('data-prerendered')
    startTransition(() => setInBrowser(true))
  }, [inBrowser])
  return inBrowser
}
