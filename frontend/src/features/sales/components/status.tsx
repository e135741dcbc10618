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
export function PagoCell({ venta }: { venta: Venta }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusChip tone={venta.pago === 'Pagado' ? 'success' : 'warning'}>{venta.pago}</StatusChip>
      {venta.metodoPago ? <span className="text-xs text-slate-600">{venta.metodoPago}</span> : null}
      {venta.mercadoPago?.status ? (
        <StatusChip tone={providerTone(venta.mercadoPago.status)} label={`Mercado Pago: ${venta.mercadoPago.status}`}>
          {PROVIDER_TEXT[venta.mercadoPago.status] ?? venta.mercadoPago.status}
        </StatusChip>
      ) : null}
      {venta.order?.status ? (
        <StatusChip tone={venta.order.status === 'COMPLETED' ? 'success' : 'error'} label={`Orden ${venta.order.status}`}>
          {venta.order.status}
        </StatusChip>
      ) : null}
    </div>
  )
}
