import { RETURN_FIELDS, type ReturnParams } from '@/features/checkout/types'

/** The provider's return parameters read from the URL; unset values arrive as '' or "null". */
export function readReturnParams(search: URLSearchParams): ReturnParams {
  const out = {} as ReturnParams
  for (const field of RETURN_FIELDS) out[field] = (search.get(field) ?? '').trim()
  return out
}

const present = (v: string) => v !== '' && v !== 'null' && v !== 'undefined'

/** SPEC §5: payment data is valid only if payment_id, status and collection_id are all present. */
export function isValidReturn(p: ReturnParams): boolean {
  return present(p.payment_id) && present(p.status) && present(p.collection_id)
}

/** A return value for display: '—' when the provider did not send it. */
export function shown(v: string | undefined): string {
  return v && present(v) ? v : '—'
}

/** SPEC §2 "operation kind": Spei recibido, Tarjeta, Efectivo, or the raw payment type. */
export function operationKind(paymentType: string | undefined): string {
  switch ((paymentType ?? '').trim()) {
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
      return paymentType as string
  }
}
