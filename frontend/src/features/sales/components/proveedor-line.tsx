import { StatusChip } from '@/components/status-chip'
import type { VentaItem } from '@/lib/venta'
import type { Venta } from '@/features/sales/types'

/** 'N pza' or 'N pzas'. */
function piezas(n: number): string {
  return `${n} ${n === 1 ? 'pza' : 'pzas'}`
}

/**
 * The units of an order line the shop did not have and orders from the distributor (issue #28),
 * for staff: 'Pedir al proveedor: N pzas' while the line is still to be delivered ('Del
 * proveedor: N pzas' once delivered or the order is closed without it), and the delivery the
 * customer was told. Nothing for a line the shop had in its hands.
 */
export function ProveedorLine({ item, venta }: { item: VentaItem; venta: Pick<Venta, 'entrega'> }) {
  const n = item.conProveedor ?? 0
  if (n <= 0) return null
  const pending = !item.entregado && venta.entrega !== 'Cancelado' && venta.entrega !== 'Devuelto'
  return (
    <div data-testid="proveedor-line" className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5">
      <StatusChip tone={pending ? 'warning' : 'neutral'}>
        {pending ? 'Pedir al proveedor' : 'Del proveedor'}: {piezas(n)}
      </StatusChip>
      {item.entrega ? <span className="text-xs text-amber-800">{item.entrega}</span> : null}
    </div>
  )
}
