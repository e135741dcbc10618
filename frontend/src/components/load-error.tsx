import { useEffect } from 'react'
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type { SerializedError } from '@reduxjs/toolkit'
import { isConnectionError } from '@/lib/api-errors'

/** While a call fails for want of the shop, it is asked again this often (when the browser is online). */
const RETRY_MS = 8_000

type LoadErrorProps = {
  error: FetchBaseQueryError | SerializedError | undefined | null
  /** What failed, when it was not the connection: 'Error al obtener los productos'. */
  message: string
  onRetry: () => unknown
}

/**
 * What a shop screen shows when a call fails: 'Sin conexión' when the call never reached the shop,
 * otherwise the screen's message; 'Reintentar' asks again. The store asks again by itself when the
 * browser is back online (lib/api.ts refetchOnReconnect); as that moment may come before the
 * network (or the shop) answers, and a shop may be down while the phone is online, a call that
 * never reached the shop is also asked again every few seconds while the browser is online.
 */
export function LoadError({ error, message, onRetry }: LoadErrorProps) {
  const offline = isConnectionError(error)
  useEffect(() => {
    if (!offline) return
    const timer = window.setInterval(() => navigator.onLine && void onRetry(), RETRY_MS)
    return () => window.clearInterval(timer)
  }, [offline, onRetry])
  return (
    <div role="alert" className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-center">
      <p className="font-semibold text-amber-900">{offline ? 'Sin conexión' : message}</p>
      <p className="mt-1 text-sm text-amber-900">
        {offline
          ? 'Revisa tu conexión a internet. Lo intentaremos de nuevo en cuanto vuelva.'
          : 'Inténtalo de nuevo en un momento.'}
      </p>
      <button type="button" className="btn-primary mt-4" onClick={() => void onRetry()}>
        Reintentar
      </button>
    </div>
  )
}
