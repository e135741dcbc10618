import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { DEFAULT_TITLE, errorMessageFor } from '@/lib/error-messages'
import { reportToSentry } from '@/lib/sentry'
import { readItem, removeItem, writeItem } from '@/lib/storage'

/** Browser storage key of the local error log. */
export const ERROR_LOG_KEY = 'errorLog'
/** At most this many entries are kept; the oldest go first, so a broken page cannot fill storage. */
export const MAX_LOCAL_ENTRIES = 100
export { DEFAULT_TITLE }
/** Title of window errors and unhandled promise rejections. */
export const GLOBAL_TITLE = 'Error global'

/** One entry of the local error log, as `POST /v1/logs` accepts it. */
export type ErrorLogEntry = {
  title: string
  error: string
  /** ISO time. */
  time: string
  /** Where it happened: `api:<endpoint>`, `window:error`, `window:unhandledrejection`. */
  origen: string
  /** The user name stored in the browser, '' when signed out. */
  user: string
}

// The server's bounds (modules/logs); longer texts are cut here so that an upload is never refused.
const LIMITS = { title: 200, error: 2000, origen: 200, user: 120 } as const

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

function isEntry(value: unknown): value is ErrorLogEntry {
  if (!value || typeof value !== 'object') return false
  const e = value as Record<string, unknown>
  return ['title', 'error', 'time', 'origen', 'user'].every((k) => typeof e[k] === 'string')
}

/** The stored log, oldest first; corrupt data counts as empty. */
export function readErrorLog(): ErrorLogEntry[] {
  const raw = readItem(ERROR_LOG_KEY)
  if (!raw) return []
  try {
    const parsed: unknown = JSON.parse(raw)
    return Array.isArray(parsed) ? parsed.filter(isEntry) : []
  } catch {
    return []
  }
}

function writeErrorLog(entries: ErrorLogEntry[]): void {
  if (entries.length === 0) removeItem(ERROR_LOG_KEY)
  else writeItem(ERROR_LOG_KEY, JSON.stringify(entries.slice(-MAX_LOCAL_ENTRIES)))
}

/** Text of anything thrown or rejected: an Error's name and message, a string, or JSON. */
export function describeError(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

type NewEntry = { title?: string; error: string; origen: string; cause?: unknown }

/**
 * Writes one entry to the local log (dropping the oldest beyond the bound) and reports it to
 * Sentry when Sentry was started with a DSN. Returns the entry.
 */
export function logError({ title, error, origen, cause }: NewEntry, now: Date = new Date()): ErrorLogEntry {
  const entry: ErrorLogEntry = {
    title: clip(title?.trim() || DEFAULT_TITLE, LIMITS.title),
    error: clip(error, LIMITS.error),
    time: now.toISOString(),
    origen: clip(origen, LIMITS.origen),
    user: clip(readItem('name') ?? '', LIMITS.user),
  }
  writeErrorLog([...readErrorLog(), entry])
  reportToSentry(entry, cause)
  return entry
}

/** Removes the entries that were uploaded; entries written meanwhile stay. */
export function removeUploaded(sent: readonly ErrorLogEntry[]): void {
  const key = (e: ErrorLogEntry) => `${e.time}\u0000${e.origen}\u0000${e.title}\u0000${e.error}`
  const gone = new Map<string, number>()
  for (const e of sent) gone.set(key(e), (gone.get(key(e)) ?? 0) + 1)
  writeErrorLog(
    readErrorLog().filter((e) => {
      const n = gone.get(key(e)) ?? 0
      if (n === 0) return true
      gone.set(key(e), n - 1)
      return false
    }),
  )
}

/** A failed call's error: RTK Query's, plus the catalogue's Spanish message for that call. */
export type ApiError = FetchBaseQueryError & { message?: string }

/** The catalogue's Spanish message that the failed call raised, or `fallback`. */
export function callErrorMessage(error: unknown, fallback = DEFAULT_TITLE): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const m = (error as { message?: unknown }).message
    if (typeof m === 'string' && m !== '') return m
  }
  return fallback
}

/** Endpoints whose failures are not logged: the upload of the log itself (it would feed itself). */
const NOT_LOGGED = new Set(['uploadErrorLog'])

function describeCall(args: string | FetchArgs, error: FetchBaseQueryError): string {
  const url = typeof args === 'string' ? args : args.url
  const method = typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase()
  const parts = [`${method} /v1/${url.replace(/^\//, '')}`, `estado ${String(error.status)}`]
  if ('data' in error && error.data && typeof error.data === 'object') {
    const body = (error.data as { error?: { code?: unknown; message?: unknown; request_id?: unknown } }).error
    if (typeof body?.code === 'string') parts.push(body.code)
    if (typeof body?.message === 'string') parts.push(body.message)
    if (typeof body?.request_id === 'string') parts.push(`request_id ${body.request_id}`)
  } else if ('error' in error && typeof error.error === 'string') {
    parts.push(error.error)
  }
  return parts.join(' · ')
}

/**
 * Wraps the base query so that every failed call is written to the local log, reported to
 * Sentry and carries the catalogue message of its endpoint in `error.message`. Only the method,
 * path, status and the server's error code, message and request id are logged: never the body
 * (it may hold a password) nor headers (the token).
 */
export function withErrorLog(
  baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>,
): BaseQueryFn<string | FetchArgs, unknown, ApiError> {
  return async (args, api, extraOptions) => {
    const result = await baseQuery(args, api, extraOptions)
    if (!result.error || NOT_LOGGED.has(api.endpoint) || api.signal.aborted) return result
    const message = errorMessageFor(api.endpoint)
    logError({ title: message, error: describeCall(args, result.error), origen: `api:${api.endpoint}` })
    return { ...result, error: { ...result.error, message } }
  }
}
