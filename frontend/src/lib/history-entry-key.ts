/**
 * Gives the browser's current history entry a key of its own when it has none, before the router
 * starts. React Router's ScrollRestoration keeps each page's position under its entry's
 * `location.key`; an entry opened by a fresh load (a typed or shared link, the return from
 * Mercado Pago, a reload in another tab's session) has no key and React Router calls it 'default',
 * so every fresh load would share one saved position and open where the previous one was left.
 * With a key of its own, a fresh load opens at the top; Back, Forward and a reload of the same
 * entry (the key is kept in the entry's state) still return to where the shopper left it.
 */
export function keyHistoryEntry(history: History = window.history): void {
  const state: unknown = history.state
  const current = state && typeof state === 'object' ? (state as Record<string, unknown>) : {}
  if (typeof current.key === 'string' && current.key !== '') return
  const key = Math.random().toString(36).slice(2, 10)
  history.replaceState({ ...current, key }, '')
  freshEntry = `${key} ${history.length}`
}

/** The entry a fresh load opened (keyed above) and the history's length then, as 'key length'; '' when the load reopened an entry. */
let freshEntry = ''

/**
 * Whether the page on screen (its location's key) is still the one a fresh load opened at its top:
 * that entry, with no entry added since. Back to it after a navigation restores a position.
 */
export const onFreshEntry = (key: string): boolean => freshEntry !== '' && freshEntry === `${key} ${window.history.length}`
