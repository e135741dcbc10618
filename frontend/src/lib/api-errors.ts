import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type { SerializedError } from '@reduxjs/toolkit'

/** The server's error body: {"error": {"code", "message", "fields", "request_id"}}. */
export type ApiErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string>; request_id?: string }
}

type AnyError = FetchBaseQueryError | SerializedError | undefined | null

/** The server's error body of a failed call, or undefined when it sent none. */
function bodyOf(error: AnyError): ApiErrorBody['error'] {
  if (error && 'status' in error && error.data && typeof error.data === 'object') {
    return (error.data as ApiErrorBody).error
  }
  return undefined
}

/**
 * The Spanish message the server sent with an error, or `fallback` (e.g. the catalogue message)
 * when there is none. Nothing else of the error is shown: never a raw error text.
 */
export function apiErrorMessage(error: AnyError, fallback: string): string {
  const message = bodyOf(error)?.message
  return typeof message === 'string' && message.trim() !== '' ? message : fallback
}

/** The server's Spanish message per field (`error.fields`), or {} when it sent none. */
export function serverFieldErrors(error: AnyError): Record<string, string> {
  const fields = bodyOf(error)?.fields
  return fields && typeof fields === 'object' ? fields : {}
}

/** The HTTP status of a failed call, or undefined. */
export function errorStatus(error: AnyError): number | string | undefined {
  return error && 'status' in error ? error.status : undefined
}

/**
 * The Spanish text for a failed call in the back office: the catalogue message followed
 * by what the server said, so staff know both what failed and why ("Error al actualizar una venta:
 * No se puede…"); '' when nothing failed.
 */
export function errorText(error: AnyError, catalogue: string): string {
  if (!error) return ''
  const server = apiErrorMessage(error, '')
  if (server) return `${catalogue}: ${server}`
  if ('status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')) {
    return `${catalogue}: no hay conexión con el servidor.`
  }
  return `${catalogue}.`
}

/**
 * Whether a failed call never reached the shop (no network, the server down): RTK Query's
 * FETCH_ERROR or TIMEOUT_ERROR, or any failure while the browser says it is offline.
 */
export function isConnectionError(error: AnyError): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true
  return Boolean(error && 'status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR'))
}
