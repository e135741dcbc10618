import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type { SerializedError } from '@reduxjs/toolkit'
import type { ApiErrorBody } from '@/lib/api'

type AnyError = FetchBaseQueryError | SerializedError | undefined | null

/** The server's Spanish message per field (`error.fields`), or {} when it sent none. */
export function serverFieldErrors(error: AnyError): Record<string, string> {
  if (error && 'status' in error && error.data && typeof error.data === 'object') {
    const fields = (error.data as ApiErrorBody).error?.fields
    if (fields && typeof fields === 'object') return fields
  }
  return {}
}

/** The server's Spanish message, or `fallback` (e.g. the SPEC §8 message) when it sent none. */
export function serverMessage(error: AnyError, fallback: string): string {
  if (error && 'status' in error && error.data && typeof error.data === 'object') {
    const message = (error.data as ApiErrorBody).error?.message
    if (typeof message === 'string' && message.trim() !== '') return message
  }
  if (error && 'message' in error && typeof error.message === 'string' && error.message !== '') return error.message
  return fallback
}

/** The HTTP status of a failed call, or undefined. */
export function errorStatus(error: AnyError): number | string | undefined {
  return error && 'status' in error ? error.status : undefined
}
