import { formatDate as formatShopDate } from '@/lib/dates'
import type { Purchase, PurchaseItem } from '@/features/session/account-types'

export const NO_PURCHASES = 'Aún no tienes compras.'

/** Date as year-month-day (SPEC §9) in the shop's time zone; '' when there is none. */
export function formatDate(value: string | undefined): string {
  return value ? formatShopDate(value) : ''
}

/** The delivery state of a sale: Pendiente, Entregado, Cancelado or what the server says. */
export function purchaseState(p: Purchase): string {
  if (typeof p.entrega === 'string' && p.entrega.trim() !== '') return p.entrega
  if (p.entrega === true) return 'Entregado'
  return 'Pendiente'
}

/** Item name plus size (hidden when 'Unico') and dimension. */
export function itemLabel(item: PurchaseItem): string {
  const extra = [item.talla && item.talla !== 'Unico' ? item.talla : '', item.tamano ? String(item.tamano) : '']
    .filter(Boolean)
    .join(' · ')
  return extra ? `${item.nombre} (${extra})` : item.nombre
}
