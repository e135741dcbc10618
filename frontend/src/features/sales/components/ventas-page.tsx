import { useCallback, useMemo, useState } from 'react'
import { ErrorNote } from '@/components/error-note'
import { ExportControl } from '@/components/export-control'
import { Pager } from '@/components/pager'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { shopToday } from '@/lib/dates'
import { errorText } from '@/lib/api-errors'
import { hasFilters, useClampPage, useListState } from '@/lib/list-state'
import { useMediaQuery, WIDE } from '@/lib/use-media-query'
import { useGetReporteVentasQuery, useListVentasQuery } from '@/features/sales/api'
import { DateRangeForm } from '@/features/sales/components/date-range-form'
import { VentasFiltersBar } from '@/features/sales/components/ventas-filters'
import { EmptyList } from '@/features/sales/components/ventas-list'
import { ItemCards, ItemsTable, type Row } from '@/features/sales/components/ventas-items'
import { ProductosVendidos, ReportTotals } from '@/features/sales/components/ventas-totals'
import { NARROWING, ORDENES_DEFAULTS, ventasArgs, type VentasFilters } from '@/features/sales/list-params'
import { ENTREGA_VALUES, type ReportCriterio, type Venta } from '@/features/sales/types'

function rowsOf(ventas: Venta[] | undefined): Row[] {
  return (ventas ?? []).flatMap((venta) => venta.carrito.map((item, i) => ({ key: `${venta._id}-${i}`, sale: venta, item })))
}

/** The range (today in Mexico City by default), the report of it, and a page of its sales. */
function useVentasScreen() {
  const [defaults] = useState<VentasFilters>(() => {
    const today = shopToday()
    return { ...ORDENES_DEFAULTS, desde: today, hasta: today }
  })
  const [state, update, reset] = useListState(defaults)
  const range = useMemo(() => ({ startDate: state.desde, endDate: state.hasta }), [state.desde, state.hasta])
  const [criterio, setCriterio] = useState<ReportCriterio>('pago')
  const reportArgs = useMemo(() => (criterio === 'pago' ? range : { ...range, criterio }), [range, criterio])
  const report = useGetReporteVentasQuery(reportArgs, { refetchOnMountOrArgChange: true })
  const ventas = useListVentasQuery(ventasArgs(state), { refetchOnMountOrArgChange: true })
  const setPage = useCallback((page: number) => update({ page }), [update])
  useClampPage(ventas.data?.meta, state.page, setPage)
  return { defaults, state, update, reset, range, criterio, setCriterio, report, sales: ventas, setPage }
}

/** The choice of how ingresos are counted, with what each means. */
function CriterioSelect({ value, onChange }: { value: ReportCriterio; onChange: (v: ReportCriterio) => void }) {
  return (
    <label className="block text-sm text-slate-700">
      <span className="font-medium">Contar ingresos por</span>
      <select
        className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5"
        value={value}
        onChange={(e) => onChange(e.target.value as ReportCriterio)}
      >
        <option value="pago">Fecha de pago (como los cortes)</option>
        <option value="venta">Fecha de venta</option>
      </select>
      <span className="mt-1 block text-xs text-slate-500">
        {value === 'pago'
          ? 'Cada pago y cada devolución cuentan el día en que se hicieron: el total de un día es el de sus cortes.'
          : 'Los pagos y devoluciones de las ventas hechas en estas fechas, sin importar cuándo se cobraron.'}
      </span>
    </label>
  )
}

/** `/ventas` 'Reporte de ventas' (Auxiliar, Administrador). */
export function VentasPage() {
  useDocumentTitle('Reporte de ventas')
  const wide = useMediaQuery(WIDE)
  const { defaults, state, update, reset, range, criterio, setCriterio, report, sales, setPage } = useVentasScreen()
  const rows = useMemo(() => rowsOf(sales.data?.ventas), [sales.data])
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
            } else update({ desde: next.startDate, hasta: next.endDate })
          }}
        />
      </div>
      <div className="mt-4"><CriterioSelect value={criterio} onChange={setCriterio} /></div>
      <div className="mt-4"><ExportControl path="/v1/ventas/exportar" params={range} what="ventas" /></div>
      <div className="mt-4 space-y-3">
        {report.error ? <ErrorNote>{errorText(report.error, 'Error al obtener el reporte de ventas')}</ErrorNote> : null}
        {sales.error ? <ErrorNote>{errorText(sales.error, 'Error al filtrar las ventas')}</ErrorNote> : null}
      </div>
      <div className="mt-6" aria-busy={report.isFetching || undefined}>
        <ReportTotals report={report.data} loading={report.isLoading} />
      </div>
      <div className="mt-6 space-y-6">
        <ProductosVendidos vendidos={report.data?.productosVendidos} loading={report.isLoading} />
        <section aria-labelledby="ventas-detalle" className="min-w-0 space-y-3" aria-busy={sales.isFetching || undefined}>
          <h2 id="ventas-detalle" className="text-lg font-semibold text-slate-900">
            Ventas
          </h2>
          <VentasFiltersBar
            state={state}
            onChange={update}
            onClear={() => reset({ orden: state.orden, limit: state.limit, desde: state.desde, hasta: state.hasta })}
            searchLabel="Buscar ventas"
            entregaValues={ENTREGA_VALUES}
            withEnvio
            withDates={false}
          />
          {sales.isLoading ? (
            <Skeleton className="h-40 w-full" />
          ) : sales.error ? null : rows.length === 0 ? (
            <EmptyList>{hasFilters(state, defaults, NARROWING) ? 'Ninguna venta coincide con la búsqueda' : 'No hay ventas'}</EmptyList>
          ) : wide ? (
            <ItemsTable rows={rows} />
          ) : (
            <ItemCards rows={rows} />
          )}
          <Pager meta={sales.data?.meta} shown={sales.data?.ventas.length ?? 0} onPage={setPage} onLimit={(limit) => update({ limit })} busy={sales.isFetching} label="ventas" />
        </section>
      </div>
    </section>
  )
}
