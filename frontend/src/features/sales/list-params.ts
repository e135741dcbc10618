import type { ListState, Option } from '@/lib/list-state'
import type { VentasListArgs } from '@/features/sales/types'

/** The search, filters and sort of a sales list, as kept in the address ('' = not set). */
export type VentasFilters = {
  q: string
  pago: string
  entrega: string
  metodo: string
  desde: string
  hasta: string
  orden: string
  envio: string
}

/** 'Lista de ordenes': every open order, newest first. */
export const ORDENES_DEFAULTS: VentasFilters = {
  q: '',
  pago: '',
  entrega: '',
  metodo: '',
  desde: '',
  hasta: '',
  orden: '-fecha',
  envio: '',
}

/** The sorts the server knows (`orden`). */
export const VENTA_SORTS: readonly Option[] = [
  { value: '-fecha', label: 'Recientes primero' },
  { value: 'fecha', label: 'Antiguas primero' },
  { value: '-total', label: 'Total: mayor a menor' },
  { value: 'total', label: 'Total: menor a mayor' },
  { value: '-folio', label: 'Folio: mayor a menor' },
  { value: 'folio', label: 'Folio: menor a mayor' },
]

export const ENVIO_FILTERS: readonly Option[] = [
  { value: 'con', label: 'Con envío' },
  { value: 'sin', label: 'Sin envío' },
]

/** The filters that narrow a list (not the sort, not the range of a report), for the empty text. */
export const NARROWING: (keyof VentasFilters)[] = ['q', 'pago', 'entrega', 'metodo', 'envio']

/** The same, with the days: the order list's range is one filter among the others. */
export const NARROWING_DAYS: (keyof VentasFilters)[] = [...NARROWING, 'desde', 'hasta']

/** What the list call sends for a list's state. */
export function ventasArgs(state: ListState<VentasFilters>): VentasListArgs {
  const { q, pago, entrega, metodo, desde, hasta, orden, envio, page, limit } = state
  return { q, pago, entrega, metodo, desde, hasta, orden, envio, page, limit }
}
