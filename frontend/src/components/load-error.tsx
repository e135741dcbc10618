import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type { SerializedError } from '@reduxjs/toolkit'
import { isConnectionError } from '@/lib/api-errors'

type LoadErrorProps = {
  error: FetchBaseQueryError | SerializedError | undefined | null
  /** What failed, when it was not the connection: 'Error al obtener los productos'. */
  message: string
  onRetry: () => unknown
}

/**
 * What a shop screen shows when a call fails: 'Sin conexión' when the call never reached the shop,
 * otherwise the screen's message; 'Reintentar' asks again. The store asks again by itself when the
 * browser is back online (lib/api.ts refetchOnReconnect), so this goes away without a tap.
 */
export function LoadError({ error, message, onRetry }: LoadErrorProps) {
  const offline = isConnectionError(error)
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
