import type { AppDispatch } from '@/lib/store'

/**
 * The JSON of the page's <script id={id}>, which the server writes (pkg/webpage): read once and
 * removed, so that a later visit asks the API as usual. undefined when the page has none, or
 * when it is not JSON after all (the page then asks the API).
 */
export function takePageData(id: string, doc: Document = document): unknown {
  const script = doc.getElementById(id)
  if (!script) return undefined
  script.remove()
  try {
    return JSON.parse(script.textContent ?? '') as unknown
  } catch {
    return undefined
  }
}

/** Puts what a page carries into the API cache, as the API would answer it; leaves data of another shape alone. */
type PageSeed = (dispatch: AppDispatch, data: unknown) => void

const pageSeeds = new Map<string, PageSeed>()

/**
 * Says how a screen's page data (the <script id={id}> its page carries) goes into the API cache.
 * The screen's module calls it as it loads; main.tsx seeds once the route's screen has loaded, before
 * the first render, so that the screen draws from the data at once (a seed in an effect would come a
 * render, and a painted frame, later).
 */
export function registerPageSeed(id: string, seed: PageSeed): void {
  pageSeeds.set(id, seed)
}

/** Seeds the API cache from each data script the page carries whose screen has said how. */
export function seedFromPage(dispatch: AppDispatch, doc: Document = document): void {
  for (const [id, seed] of pageSeeds) {
    const data = takePageData(id, doc)
    if (data !== undefined) seed(dispatch, data)
  }
}
