import type { AppDispatch } from '@/lib/store'
import { errorLogApi } from '@/features/error-log/api'
import { describeError, GLOBAL_TITLE, logError, readErrorLog, removeUploaded } from '@/lib/error-log'
import { startSentry } from '@/lib/sentry'

/** The local log is uploaded this often while online. */
export const UPLOAD_INTERVAL_MS = 60_000

/** Most entries one upload carries (the server's limit, modules/logs MaxBatch). */
const MAX_BATCH = 100

let inFlight: Promise<boolean> | null = null

/**
 * Sends the local log (`POST /v1/logs`) and, only on an ok answer, removes what was sent; on any
 * failure the log stays as it was and a message goes to the console. One upload at
 * a time. Resolves true when nothing is left to send from that batch.
 */
export function uploadErrorLog(dispatch: AppDispatch): Promise<boolean> {
  inFlight ??= (async () => {
    const batch = readErrorLog().slice(0, MAX_BATCH)
    if (batch.length === 0) return true
    try {
      await dispatch(errorLogApi.endpoints.uploadErrorLog.initiate(batch, { track: false })).unwrap()
      removeUploaded(batch)
      return true
    } catch (error) {
      console.warn('No se pudo enviar el registro de errores; se intentará de nuevo.', error)
      return false
    }
  })().finally(() => {
    inFlight = null
  })
  return inFlight
}

/**
 * Starts the error log for the page's lifetime: window errors and unhandled promise rejections
 * are logged as 'Error global' (`earlier` ones first, those seen before it started), the log is
 * uploaded every 60 s while online and whenever the browser comes back online, and Sentry starts
 * when `sentryDsn` gives a DSN. Returns a stop function.
 */
export function startErrorLog(
  dispatch: AppDispatch,
  sentryDsn: () => Promise<string | undefined>,
  earlier: readonly Event[] = [],
): () => void {
  const onError = (event: ErrorEvent) => {
    const where = event.filename ? ` (${event.filename}:${event.lineno}:${event.colno})` : ''
    logError({
      title: GLOBAL_TITLE,
      error: event.error !== undefined && event.error !== null ? describeError(event.error) : `${event.message}${where}`,
      origen: 'window:error',
      cause: event.error,
    })
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    logError({
      title: GLOBAL_TITLE,
      error: describeError(event.reason),
      origen: 'window:unhandledrejection',
      cause: event.reason,
    })
  }
  for (const event of earlier) {
    if (event.type === 'error') onError(event as ErrorEvent)
    else onRejection(event as PromiseRejectionEvent)
  }
  const onOnline = () => void uploadErrorLog(dispatch)
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  window.addEventListener('online', onOnline)
  const timer = window.setInterval(() => {
    if (navigator.onLine) void uploadErrorLog(dispatch)
  }, UPLOAD_INTERVAL_MS)
  sentryDsn()
    .then((dsn) => startSentry(dsn))
    .catch(() => startSentry(undefined))

  return () => {
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
    window.removeEventListener('online', onOnline)
    window.clearInterval(timer)
  }
}
