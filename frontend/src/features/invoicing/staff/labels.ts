import type { Tone } from '@/components/status-chip'
import type { Option } from '@/lib/list-state'
import type { Factura, FacturaEstado } from '@/features/invoicing/types'

/** What each estado is called on screen, and its colour. */
export const ESTADOS: Record<FacturaEstado, { label: string; tone: Tone }> = {
  valida: { label: 'Válida', tone: 'success' },
  cancelada: { label: 'Cancelada', tone: 'neutral' },
  cancelacion_pendiente: { label: 'Cancelación pendiente', tone: 'warning' },
  timbrando: { label: 'Timbrando', tone: 'info' },
  error: { label: 'Error', tone: 'error' },
}

export const ESTADO_OPTIONS: readonly Option[] = (Object.keys(ESTADOS) as FacturaEstado[]).map((value) => ({
  value,
  label: ESTADOS[value].label,
}))

export const TIPO_OPTIONS: readonly Option[] = [
  { value: 'individual', label: 'Individual' },
  { value: 'global', label: 'Global' },
  { value: 'egreso', label: 'Nota de crédito' },
]

/** What each tipo is called in the list. */
export const TIPOS: Record<Factura['tipo'], string> = { individual: 'Individual', global: 'Global', egreso: 'Nota de crédito' }

/** The sales a factura covers: their folios, or 'N ventas' for a global one. */
export function ventasText(f: Factura): string {
  if (f.tipo === 'global') return f.ventas.length === 1 ? '1 venta' : `${f.ventas.length} ventas`
  return f.ventas.map((v) => v.folio).join(', ') || '—'
}

/** What a cancellation left: the sentence shown after 'Cancelar'. */
export function cancelResultText(estado: FacturaEstado): string {
  if (estado === 'cancelacion_pendiente') return 'Cancelación pendiente: el receptor debe aceptarla en el SAT.'
  if (estado === 'cancelada') return 'Factura cancelada.'
  return `Estado de la factura: ${ESTADOS[estado]?.label ?? estado}.`
}

/** Whether a factura has a stamped CFDI (its PDF and XML exist). */
export const stamped = (f: Factura) => Boolean(f.uuid) && (f.estado === 'valida' || f.estado === 'cancelada' || f.estado === 'cancelacion_pendiente')

/** The search and filters of 'Facturas', as kept in the address ('' = not set). */
export type FacturasFilters = { q: string; desde: string; hasta: string; tipo: string; estado: string }

export const FACTURAS_DEFAULTS: FacturasFilters = { q: '', desde: '', hasta: '', tipo: '', estado: '' }
