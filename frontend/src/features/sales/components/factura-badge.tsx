import { StatusChip } from '@/components/status-chip'
import type { Venta } from '@/features/sales/types'

/** 'Facturada' (its own CFDI) or 'Factura global' (in the day's or month's); nothing for a sale not invoiced. */
export function FacturaBadge({ sale }: { sale: Venta }) {
  if (!sale.factura) return null
  const global = sale.factura.tipo === 'global'
  return (
    <span data-testid="factura-badge" title={sale.factura.uuid ? `UUID ${sale.factura.uuid}` : undefined}>
      <StatusChip tone="info">{global ? 'Factura global' : 'Facturada'}</StatusChip>
    </span>
  )
}
