import { StatusChip, type Tone } from '@/components/status-chip'
import { providerTone } from '@/features/sales/helpers'
import type { Entrega, Venta } from '@/features/sales/types'

const ENTREGA_TONE: Record<Entrega, Tone> = {
  Pendiente: 'warning',
  Enviado: 'info',
  Entregado: 'success',
  Cancelado: 'error',
  Devuelto: 'neutral',
}

/** The delivery state of an order. */
export function EntregaChip({ entrega }: { entrega: string }) {
  return <StatusChip tone={ENTREGA_TONE[entrega as Entrega] ?? 'neutral'}>{entrega || 'Pendiente'}</StatusChip>
}

const PROVIDER_TEXT: Record<string, string> = {
  approved: 'Aprobado',
  pending: 'Pendiente',
  in_process: 'En proceso',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
}

/** 'Pago' column: the shop's payment state, the method, and what the provider said. */
export function PagoCell({ sale }: { sale: Venta }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusChip tone={sale.pago === 'Pagado' ? 'success' : 'warning'}>{sale.pago}</StatusChip>
      {sale.metodoPago ? <span className="text-xs text-slate-600">{sale.metodoPago}</span> : null}
      {sale.mercadoPago?.status ? (
        <StatusChip tone={providerTone(sale.mercadoPago.status)} label={`Mercado Pago: ${sale.mercadoPago.status}`}>
          {PROVIDER_TEXT[sale.mercadoPago.status] ?? sale.mercadoPago.status}
        </StatusChip>
      ) : null}
      {sale.order?.status ? (
        <StatusChip tone={sale.order.status === 'COMPLETED' ? 'success' : 'error'} label={`Orden ${sale.order.status}`}>
          {sale.order.status}
        </StatusChip>
      ) : null}
    </div>
  )
}
