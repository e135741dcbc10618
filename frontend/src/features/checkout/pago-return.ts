import { RETURN_FIELDS, type ReturnParams } from '@/features/checkout/types'

/** The provider's return parameters read from the URL; unset values arrive as '' or "null". */
export function readReturnParams(search: URLSearchParams): ReturnParams {
  const out = {} as ReturnParams
  for (const field of RETURN_FIELDS) out[field] = (search.get(field) ?? '').trim()
  return out
}

const present = (v: string) => v !== '' && v !== 'null' && v !== 'undefined'

/** Payment data is valid only if payment_id, status and collection_id are all present. */
export function isValidReturn(p: ReturnParams): boolean {
  return present(p.payment_id) && present(p.status) && present(p.collection_id)
}

/** A return value for display: '—' when the provider did not send it. */
export function shown(v: string | undefined): string {
  return v && present(v) ? v : '—'
}

/** The operation kind: Spei recibido, Tarjeta, Efectivo, or the raw payment type. */
export function operationKind(pagoType: string | undefined): string {
  switch ((pagoType ?? '').trim()) {
    case 'bank_transfer':
      return 'Spei recibido'
    case 'credit_card':
    case 'debit_card':
    case 'prepaid_card':
      return 'Tarjeta'
    case 'ticket':
    case 'atm':
      return 'Efectivo'
    case '':
    case 'null':
      return '—'
    default:
      return pagoType as string
  }
}

/**
 * Whether the server looked at the payment and did not accept it (rejected, pending, cancelled,
 * another amount, unknown to the provider or to the shop): its message is then the whole story.
 * Anything else (no connection, the provider or the store down) leaves the payment unknown.
 */
export function pagoNotAccepted(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('data' in error)) return false
  const code = (error as { data?: { error?: { code?: unknown } } }).data?.error?.code
  return code === 'payment_failed' || code === 'not_found' || code === 'invalid'
}
