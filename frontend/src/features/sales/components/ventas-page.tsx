import { useMemo, useState } from 'react'
import { ErrorNote } from '@/components/error-note'
import { ProductImage } from '@/components/product-image'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { formatDayMonYear, formatTime, shopToday } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { errorText } from '@/lib/api-errors'
import type { SaleItem } from '@/lib/sale'
import { useMediaQuery, WIDE } from '@/lib/use-media-query'
import { useGetSalesBetweenQuery, useGetSalesReportQuery } from '@/features/sales/api'
import { DateRangeForm } from '@/features/sales/components/date-range-form'
import { EntregaChip } from '@/features/sales/components/status'
import { itemDetail } from '@/features/sales/helpers'
import type { DateRange, Sale } from '@/features/sales/types'

type Row = { key: string; sale: Sale; item: SaleItem }

function rowsOf(sales: Sale[] | undefined): Row[] {
  return (sales ?? []).flatMap((sale) =>
    sale.carrito.map((item, i) => ({ key: `${sale._id}-${i}`, sale, item })),
  )
}

function Total({ label, value, loading }: { label: string; value: string; loading: boolean }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-32" />
      ) : (
        <p className="mt-1 text-3xl font-bold text-brand-900 tabular-nums" data-testid={label}>
          {value}
        </p>
      )}
    </div>
  )
}

function ItemName({ row }: { row: Row }) {
  const detail = itemDetail(row.item)
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{row.item.nombre}</p>
      {detail ? <p className="text-xs text-slate-500">{detail}</p> : null}
      <p className="text-xs break-all text-slate-500">Producto {row.item.producto_id}</p>
      <p className="text-xs text-slate-500">Folio {row.sale.folio}</p>
    </div>
  )
}

const TH = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'

function ItemsTable({ rows }: { rows: Row[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[760px] text-sm">
        <caption className="sr-only">Productos vendidos en el periodo</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th className={TH}>Imagen</th>
            <th className={TH}>Nombre</th>
            <th className={TH}>Fecha</th>
            <th className={TH}>Estado</th>
            <th className={`${TH} text-right`}>Cantidad</th>
            <th className={`${TH} text-right`}>Precio Final</th>
            <th className={`${TH} text-right`}>Total</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key} data-testid="venta-item">
              <td className="px-3 py-3">
                <ProductImage src={row.item.imagen} alt="" compact sizes="48px" className="h-12 w-12 rounded-lg" />
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

function ItemCards({ rows }: { rows: Row[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {rows.map((row) => (
        <li key={row.key} data-testid="venta-item" className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
          <ProductImage src={row.item.imagen} alt="" compact sizes="64px" className="h-16 w-16 shrink-0 rounded-lg" />
          <div className="min-w-0 flex-1 text-sm">
            <ItemName row={row} />
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
              <span>{formatDayMonYear(row.sale.fecha)}</span>
              <EntregaChip entrega={row.sale.entrega} />
            </div>
            <p className="mt-2 text-sm tabular-nums">
              {row.item.cantidad} × {formatMoney(row.item.precioFinal)} ={' '}
              <strong>{formatMoney(row.item.precioFinal * row.item.cantidad)}</strong>
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** 'Productos vendidos': units per product name, most sold first. */
function ProductosVendidos({ vendidos, loading }: { vendidos: Record<string, number> | undefined; loading: boolean }) {
  const productos = Object.entries(vendidos ?? {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  return (
    <section aria-labelledby="productos-vendidos" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="productos-vendidos" className="text-lg font-semibold text-slate-900">
        Productos vendidos
      </h2>
      {loading ? (
        <Skeleton className="mt-3 h-20 w-full" />
      ) : productos.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No hay productos vendidos</p>
      ) : (
        <ul className="mt-3 grid gap-x-8 text-sm sm:grid-cols-2 xl:grid-cols-3">
          {productos.map(([nombre, cantidad]) => (
            <li key={nombre} className="flex items-start justify-between gap-3 border-b border-slate-100 py-2">
              <span className="text-slate-800">{nombre}</span>
              <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800 tabular-nums">
                {cantidad}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** 'Ventas': every item sold in the period, as a table on a wide screen and as cards otherwise. */
function VentasDetalle({ rows, loading, wide }: { rows: Row[]; loading: boolean; wide: boolean }) {
  return (
    <section aria-labelledby="ventas-detalle" className="min-w-0">
      <h2 id="ventas-detalle" className="mb-3 text-lg font-semibold text-slate-900">
        Ventas
      </h2>
      {loading ? (
        <Skeleton className="h-40 w-full" />
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No hay ventas
        </p>
      ) : wide ? (
        <ItemsTable rows={rows} />
      ) : (
        <ItemCards rows={rows} />
      )}
    </section>
  )
}

/** `/ventas` 'Reporte de ventas' (Auxiliar, Administrador). */
export function VentasPage() {
  useDocumentTitle('Reporte de ventas')
  const wide = useMediaQuery(WIDE)
  const [range, setRange] = useState<DateRange>(() => {
    const today = shopToday()
    return { startDate: today, endDate: today }
  })
  const report = useGetSalesReportQuery(range, { refetchOnMountOrArgChange: true })
  const sales = useGetSalesBetweenQuery(range, { refetchOnMountOrArgChange: true })
  const rows = useMemo(() => rowsOf(sales.data), [sales.data])
  const busy = report.isFetching || sales.isFetching

  return (
    <section>
      <h1 className="text-2xl font-bold text-brand-900">Reporte de ventas</h1>
      <div className="mt-6">
        <DateRangeForm
          initial={range}
          submitLabel="Filtrar ventas"
          busy={busy}
          onSubmit={(next) => {
            if (next.startDate === range.startDate && next.endDate === range.endDate) {
              report.refetch()
              sales.refetch()
            } else setRange(next)
          }}
        />
      </div>

      <div className="mt-4 space-y-3">
        {report.error ? <ErrorNote>{errorText(report.error, 'Error al obtener el reporte de ventas')}</ErrorNote> : null}
        {sales.error ? <ErrorNote>{errorText(sales.error, 'Error al filtrar las ventas')}</ErrorNote> : null}
      </div>

      <div className="mt-6 grid gap-4 sm:grid-cols-2" aria-busy={busy || undefined}>
        <Total label="Total de ventas" value={String(report.data?.totalVentas ?? 0)} loading={report.isLoading} />
        <Total label="Total de ingresos" value={formatMoney(report.data?.totalIngresos ?? 0)} loading={report.isLoading} />
      </div>

      <div className="mt-6 space-y-6">
        <ProductosVendidos vendidos={report.data?.productosVendidos} loading={report.isLoading} />
        <VentasDetalle rows={rows} loading={sales.isLoading} wide={wide} />
      </div>
    </section>
  )
}
