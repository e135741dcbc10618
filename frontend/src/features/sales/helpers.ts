import type { SerializedError } from '@reduxjs/toolkit'
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { apiErrorMessage } from '@/lib/api'

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'neutral'

/** The provider's payment status: approved success, pending warning, anything else error. */
export function providerTone(status: string): Tone {
  if (status === 'approved') return 'success'
  if (status === 'pending' || status === 'in_process') return 'warning'
  return 'error'
}

/** Name, size and dimension of an order item; the size is hidden when it is 'Unico'. */
export function itemDetail(item: { talla?: string; tamano?: string }): string {
  return [item.talla && item.talla !== 'Unico' ? item.talla : '', item.tamano ?? ''].filter(Boolean).join(' · ')
}

type AnyError = FetchBaseQueryError | SerializedError | undefined

/**
 * The Spanish text for a failed call: the catalogue message (SPEC §8) followed by what the server
 * said, so staff know both what failed and why ("Error al actualizar una venta: No se puede…").
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
