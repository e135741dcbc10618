import { StatusChip } from '@/components/status-chip'
import type { Venta } from '@/features/sales/types'

/** 'Facturada' (its own CFDI) or 'Factura global' (in the day's or month's); nothing for a sale not invoiced. */
export function FacturaBadge({ venta }: { venta: Venta }) {
  if (!venta.factura) return null
  const global = venta.factura.tipo === 'global'
  return (
    <span data-testid="factura-badge" title={venta.factura.uuid ? `UUID ${venta.factura.uuid}` : undefined}>
      <StatusChip tone="info">{global ? 'Factura global' : 'Facturada'}</StatusChip>
    </span>
  )
}
