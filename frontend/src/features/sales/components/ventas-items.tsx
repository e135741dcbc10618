import { ProductoImage } from '@/components/producto-image'
import { formatDayMonYear, formatTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import type { VentaItem } from '@/lib/venta'
import { FacturaBadge } from '@/features/sales/components/factura-badge'
import { ProveedorLine } from '@/features/sales/components/proveedor-line'
import { EntregaChip } from '@/features/sales/components/status'
import { itemDetail } from '@/features/sales/helpers'
import type { Venta } from '@/features/sales/types'

/** One sold item and the sale it belongs to. */
export type Row = { key: string; sale: Venta; item: VentaItem }

function ItemName({ row }: { row: Row }) {
  const detail = itemDetail(row.item)
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{row.item.nombre}</p>
      {detail ? <p className="text-xs text-slate-500">{detail}</p> : null}
      <ProveedorLine item={row.item} venta={row.sale} />
      <p className="text-xs break-all text-slate-500">Producto {row.item.producto_id}</p>
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        Folio {row.sale.folio}
        <FacturaBadge venta={row.sale} />
      </p>
    </div>
  )
}

const TH = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'

/**
 * The sold items as a wide table. Item prices are stored before IVA (the sale adds it on top), so
 * the money columns say so.
 */
export function ItemsTable({ rows }: { rows: Row[] }) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[800px] text-sm">
        <caption className="sr-only">Productos vendidos en el periodo</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th className={TH}>Imagen</th>
            <th className={TH}>Nombre</th>
            <th className={TH}>Fecha</th>
            <th className={TH}>Estado</th>
            <th className={`${TH} text-right`}>Cantidad</th>
            <th className={`${TH} text-right`}>Precio Final (sin IVA)</th>
            <th className={`${TH} text-right`}>Total (sin IVA)</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key} data-testid="venta-item">
              <td className="px-3 py-3">
                <ProductoImage src={row.item.imagen} alt="" compact sizes="48px" className="h-12 w-12 rounded-lg" />
              </td>
              <td className="px-3 py-3">
                <ItemName row={row} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                {formatDayMonYear(row.sale.fecha)}
                <span className="block text-xs text-slate-500">{formatTime(row.sale.fecha)}</span>
              </td>
              <td className="px-3 py-3">
                <EntregaChip entrega={row.sale.entrega} />
                <span className="mt-1 block text-xs text-slate-500">Pago: {row.sale.pago}</span>
              </td>
              <td className="px-3 py-3 text-right tabular-nums">{row.item.cantidad}</td>
              <td className="px-3 py-3 text-right tabular-nums">{formatMoney(row.item.precioFinal)}</td>
              <td className="px-3 py-3 text-right font-semibold tabular-nums">
                {formatMoney(row.item.precioFinal * row.item.cantidad)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The sold items as cards (tablets and phones). */
export function ItemCards({ rows }: { rows: Row[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {rows.map((row) => (
        <li key={row.key} data-testid="venta-item" className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
          <ProductoImage src={row.item.imagen} alt="" compact sizes="64px" className="h-16 w-16 shrink-0 rounded-lg" />
          <div className="min-w-0 flex-1 text-sm">
            <ItemName row={row} />
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
              <span>{formatDayMonYear(row.sale.fecha)}</span>
              <EntregaChip entrega={row.sale.entrega} />
            </div>
            <p className="mt-2 text-sm tabular-nums">
              {row.item.cantidad} × {formatMoney(row.item.precioFinal)} ={' '}
              <strong>{formatMoney(row.item.precioFinal * row.item.cantidad)}</strong>{' '}
              <span className="text-xs text-slate-500">(sin IVA)</span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}
