import type { Tone } from '@/components/status-chip'

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
