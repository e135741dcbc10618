import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react'
import type { UnknownAction } from '@reduxjs/toolkit'
import type { ApiError } from '@/lib/error-log'
import { sessionRejected, signedOut, type TokenState } from '@/lib/session-events'
import { clearStorage } from '@/lib/storage'

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/v1',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as TokenState).session.token
    if (token) headers.set('Authorization', `Bearer ${token}`)
    return headers
  },
})

/** Shown after the server refused the stored token and the user was signed out. */
export const SESSION_REJECTED = 'Tu sesión terminó o ya no es válida. Inicia sesión de nuevo.'

/** Signs the user out with SESSION_REJECTED: the server refused the stored token (a call or a download). */
export function endRejectedSession(dispatch: (action: UnknownAction) => unknown): void {
  clearStorage()
  dispatch(signedOut())
  dispatch(sessionRejected(SESSION_REJECTED))
}

/** Adds the token and signs the user out, with a message, when the server no longer accepts it. */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions)
  const hadToken = Boolean((api.getState() as TokenState).session.token)
  if (result.error?.status === 401 && hadToken) endRejectedSession(api.dispatch)
  return result
}

/**
 * Every failed call is logged locally, reported to Sentry and carries its catalogue message
 * (withErrorLog). That code is loaded by the first failure, or before by the error log
 * (features/error-log/start.ts), so the first screen does not wait for it; if it cannot be
 * loaded (no network), the error goes on without its message and the screen shows its own.
 */
const loggedBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  const result = await baseQuery(args, api, extraOptions)
  if (!result.error) return result
  const errorLog = await import('@/lib/error-log').catch(() => null)
  return errorLog ? errorLog.withErrorLog(async () => result)(args, api, extraOptions) : result
}

/**
 * Every cache tag of the app, declared once: a query provides one, a mutation invalidates it, and
 * features that share one (invoicing a sale changes the sales lists) name the same tag. Features
 * never add their own with `enhanceEndpoints({ addTagTypes })` (an ESLint rule in
 * frontend/eslint.config.js forbids it), so a misspelt tag does not compile. Spanish and singular:
 * the thing the cached answers are about.
 */
export const TAG_TYPES = [
  'Config',
  'Producto',
  'Categoria',
  'Descuento',
  'Inventario',
  'Venta',
  'Orden',
  'OrdenCliente',
  'Compra',
  'Corte',
  'CortePendiente',
  'Cuenta',
  'Usuario',
  'Perfil',
  'Factura',
  'Respaldo',
  'ProveedorAjustes',
  'ProveedorImportacion',
  'ProveedorCambio',
] as const

/** One of TAG_TYPES. */
export type TagType = (typeof TAG_TYPES)[number]

/**
 * The one API slice of the app; features add their endpoints with `api.injectEndpoints`. When the
 * browser is back online, every query on screen is asked again (lib/store.ts setupListeners), so a
 * screen that failed for want of a connection recovers by itself.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: loggedBaseQuery,
  refetchOnReconnect: true,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
})
