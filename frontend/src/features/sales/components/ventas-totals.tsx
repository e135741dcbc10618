import { Skeleton } from '@/components/skeleton'
import { formatCount, formatMoney } from '@/lib/money'
import type { ReportSum, VentasReport } from '@/features/sales/types'

type TotalProps = { label: string; value: string; loading: boolean; note?: string; counts?: string; sum?: ReportSum }

/** One total of the report; with `counts`, the line that explains it; with `sum`, its subtotal, IVA and total below. */
function Total({ label, value, loading, note, counts, sum }: TotalProps) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" role="group" aria-label={label}>
      <p className="text-sm font-medium text-slate-600">{label}</p>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-32" />
      ) : (
        <p className="mt-1 text-3xl font-bold text-brand-900 tabular-nums" data-testid={label}>
          {value}
        </p>
      )}
      {counts && !loading ? (
        <p className="mt-1 text-sm font-medium text-slate-700" data-testid="conteo-ventas">
          {counts}
        </p>
      ) : null}
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
      {sum && !loading ? (
        <dl className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-sm tabular-nums">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">Subtotal (sin IVA)</dt>
            <dd>{formatMoney(sum.subtotal)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">IVA</dt>
            <dd>{formatMoney(sum.iva)}</dd>
          </div>
          <div className="flex justify-between gap-3 font-semibold text-slate-900">
            <dt>Total</dt>
            <dd>{formatMoney(sum.total)}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  )
}

const ventas = (n: number) => `${formatCount(n)} ${n === 1 ? 'venta' : 'ventas'}`

/**
 * The line that explains the report's count beside the list's: '1,441 ventas · 52 canceladas · 20
 * devueltas'; nothing when the server does not say how many were cancelled and returned.
 */
function countsLine(report: VentasReport | undefined): string | undefined {
  if (!report || (report.canceladas === undefined && report.devueltas === undefined)) return undefined
  const parts = [ventas(report.totalVentas)]
  if (report.canceladas !== undefined) parts.push(`${formatCount(report.canceladas)} ${report.canceladas === 1 ? 'cancelada' : 'canceladas'}`)
  if (report.devueltas !== undefined) parts.push(`${formatCount(report.devueltas)} ${report.devueltas === 1 ? 'devuelta' : 'devueltas'}`)
  return parts.join(' · ')
}

/**
 * 'Total de ventas', 'Total de ingresos' (what was paid) and 'Por cobrar' (what is still unpaid),
 * each amount with its subtotal, IVA and total; cancelled and returned sales count in neither.
 */
export function ReportTotals({ report, loading }: { report: VentasReport | undefined; loading: boolean }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Total
        label="Total de ventas"
        value={formatCount(report?.totalVentas ?? 0)}
        loading={loading}
        counts={countsLine(report)}
        note={report ? `${ventas(report.pagadas.ventas)} pagadas · ${ventas(report.pendientes.ventas)} por cobrar` : undefined}
      />
      <Total
        label="Total de ingresos"
        value={formatMoney(report?.totalIngresos ?? 0)}
        loading={loading}
        note="Solo ventas pagadas."
        sum={report?.pagadas}
      />
      <Total
        label="Por cobrar"
        value={formatMoney(report?.porCobrar ?? 0)}
        loading={loading}
        note="Ventas pendientes de pago."
        sum={report?.pendientes}
      />
    </div>
  )
}

/** 'Productos vendidos': units per product name, most sold first. */
export function ProductosVendidos({ vendidos, loading }: { vendidos: Record<string, number> | undefined; loading: boolean }) {
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
