import type { AppDispatch } from '@/lib/store'

/** Most window errors kept before the error log has started; a page that keeps failing drops the rest. */
const MAX_EARLY = 50

/**
 * Starts the error log (uploader.ts) once the page has loaded and the browser is idle, so that its
 * code, the config call and Sentry do not hold up the first screen. Window errors and unhandled
 * rejections from before are kept here and logged when it starts. Without network for its code,
 * it tries again when the browser is back online. Returns a stop function.
 */
export function startErrorLogWhenIdle(dispatch: AppDispatch): () => void {
  const early: Event[] = []
  const keep = (event: Event) => {
    if (early.length < MAX_EARLY) early.push(event)
  }
  let stopped = false
  let stopLog = () => {}
  const stopKeeping = () => {
    window.removeEventListener('error', keep)
    window.removeEventListener('unhandledrejection', keep)
  }
  window.addEventListener('error', keep)
  window.addEventListener('unhandledrejection', keep)

  const start = () => {
    Promise.all([import('@/features/error-log/uploader'), import('@/lib/config-api')])
      .then(([{ startErrorLog }, { configApi }]) => {
        if (stopped) return
        stopKeeping()
        stopLog = startErrorLog(
          dispatch,
          async () => (await dispatch(configApi.endpoints.getConfig.initiate())).data?.sentryDsn,
          early.splice(0),
        )
      })
      .catch(() => {
        if (!stopped) window.addEventListener('online', start, { once: true })
      })
  }
  const whenIdle = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 5000 })
    else setTimeout(start, 1000)
  }
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })

  return () => {
    stopped = true
    stopKeeping()
    window.removeEventListener('load', whenIdle)
    window.removeEventListener('online', start)
    stopLog()
  }
}
