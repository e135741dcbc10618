import type { BrowserOptions } from '@sentry/react'
import type { ErrorLogEntry } from '@/lib/error-log'

type SentryModule = typeof import('@sentry/react')

let sentry: SentryModule | null = null
let starting: Promise<boolean> | null = null
let off = false
/** Entries logged before Sentry finished loading; sent once it has, dropped when there is no DSN. */
const pending: { entry: ErrorLogEntry; cause?: unknown }[] = []
const MAX_PENDING = 20

/**
 * Starts Sentry when the server's config gives a DSN (`GET /v1/config` `sentryDsn`); without one
 * nothing is loaded or sent. The SDK is loaded on demand, so shoppers of a shop without Sentry
 * never download it. Window errors are reported by our own global handler (as 'Error global'),
 * so Sentry's is left out to avoid reporting them twice.
 */
export function startSentry(dsn: string | null | undefined, options: Partial<BrowserOptions> = {}): Promise<boolean> {
  if (!dsn) {
    off = true
    pending.length = 0
    return Promise.resolve(false)
  }
  starting ??= import('@sentry/react')
    .then((S) => {
      S.init({
        dsn,
        integrations: (defaults) => defaults.filter((i) => i.name !== 'GlobalHandlers'),
        ...options,
      })
      sentry = S
      for (const p of pending.splice(0)) send(S, p.entry, p.cause)
      return true
    })
    .catch(() => {
      off = true
      pending.length = 0
      return false
    })
  return starting
}

/** Reports a logged entry (and the thrown value, when there is one). */
export function reportToSentry(entry: ErrorLogEntry, cause?: unknown): void {
  if (sentry) send(sentry, entry, cause)
  else if (!off && pending.length < MAX_PENDING) pending.push({ entry, cause })
}

function send(S: SentryModule, entry: ErrorLogEntry, cause?: unknown): void {
  S.withScope((scope) => {
    scope.setTag('origen', entry.origen)
    scope.setExtra('error', entry.error)
    scope.setExtra('time', entry.time)
    if (entry.user) scope.setUser({ username: entry.user })
    if (cause instanceof Error) S.captureException(cause)
    else S.captureMessage(`${entry.title}: ${entry.error}`, 'error')
  })
}

/** Tests: closes Sentry and forgets everything, so the next test starts clean. */
export async function resetSentry(): Promise<void> {
  if (sentry) await sentry.close()
  sentry = null
  starting = null
  off = false
  pending.length = 0
}
