import type { Location } from 'react-router'

/** What a link to the login screen carries: the page to return to once signed in. */
export type ReturnState = { volver?: string }

/** The state of a link to /login from `location`: come back here after signing in. */
export function returnHere(location: Pick<Location, 'pathname' | 'search'>): ReturnState {
  return { volver: location.pathname + location.search }
}

/** Screens not worth returning to after signing in (the account screens themselves). */
const NO_RETURN = ['/login', '/usuarios/registro', '/usuarios/restablecer-cuenta']

/**
 * Where to go after signing in: `from` when it is a path of this shop (one leading '/', not '//',
 * which browsers read as another host; no backslash or blank, which some read as '/'), else the
 * home page.
 */
export function safeReturnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || /[\s\\]/.test(from)) return '/'
  const pathname = from.split(/[?#]/)[0]
  return NO_RETURN.includes(pathname) ? '/' : from
}
