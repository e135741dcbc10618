import { useCallback, useState } from 'react'
import { Dialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { ExportControl } from '@/components/export-control'
import { DayRangeFields } from '@/components/list-filters'
import { Pager } from '@/components/pager'
import { Skeleton } from '@/components/skeleton'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { errorText } from '@/lib/api-errors'
import { useClampPage, useListState } from '@/lib/list-state'
import { useGetCorteQuery, useListCortesQuery } from '@/features/cashcut/api'
import { EfectivoSummary } from '@/features/cashcut/components/efectivo-summary'
import { MovimientoList } from '@/features/cashcut/components/movimientos-caja'
import { CorteVentas } from '@/features/cashcut/components/corte-ventas'
import { CorteSummary } from '@/features/cashcut/components/corte-summary'
import { CorteTotals } from '@/features/cashcut/components/corte-totals'
import { corteTitle, differenceLabel, openPrint } from '@/features/cashcut/helpers'
import type { Corte } from '@/features/cashcut/types'

/** Every past cut, newest first, 20 a page. */
const DEFAULTS = { desde: '', hasta: '' }
const LIMIT = 20
const SIZES = [10, 20, 50, 100] as const

/** One past cut, opened from the history. */
function CorteDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { data: cut, error, isLoading } = useGetCorteQuery(id)
  return (
    <Dialog
      open
      onClose={onClose}
      title={cut ? corteTitle(cut) : 'Corte de caja'}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cerrar
          </button>
          <button type="button" className="btn-primary" onClick={() => openPrint(id)}>
            Reimprimir
          </button>
        </>
      }
    >
      <div className="max-h-[60vh] space-y-4 overflow-y-auto pr-1">
        {isLoading ? <Skeleton className="h-40 w-full" /> : null}
        {error ? <ErrorNote>{errorText(error, 'Error al obtener el corte')}</ErrorNote> : null}
        {cut ? (
          <>
            <CorteSummary corte={cut} />
            <CorteTotals byMethod={cut.porMetodo} byUsuario={cut.porUsuario} compact />
            <EfectivoSummary efectivo={cut} porCajero={cut.porCajero} compact />
            <MovimientoList movimientos={cut.movimientos} compact />
            <CorteVentas ventas={cut.ventas} />
          </>
        ) : null}
      </div>
    </Dialog>
  )
}

/** One past cut of the history: who, when, totals and the difference; 'Ver' and 'Reimprimir'. */
function CorteRow({ corte: c, onOpen }: { corte: Corte; onOpen: (id: string) => void }) {
  return (
    <li data-testid="corte-anterior" className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">
          {corteTitle(c)} · {formatDateTime(c.fecha)}
        </p>
        <p className="text-slate-600">
          {c.nombreUsuario} · Total {formatMoney(c.porMetodo.totalGeneral)} · Efectivo calculado {formatMoney(c.efectivoEsperado)}
          {c.diferencia !== undefined && c.diferencia !== null
            ? ` · ${differenceLabel(c.diferencia)}${c.diferencia ? ` ${formatMoney(Math.abs(c.diferencia))}` : ''}`
            : ''}
        </p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-secondary min-h-10 px-4"
          onClick={() => onOpen(c._id)}
          aria-label={`Ver ${corteTitle(c)} del ${formatDateTime(c.fecha)}`}
        >
          Ver
        </button>
        <button
          type="button"
          className="btn-secondary min-h-10 px-4"
          onClick={() => openPrint(c._id)}
          aria-label={`Reimprimir ${corteTitle(c)} del ${formatDateTime(c.fecha)}`}
        >
          Reimprimir
        </button>
      </div>
    </li>
  )
}

/**
 * 'Cortes anteriores': the past cuts of a range of days (every day by default), newest first, a
 * page at a time with the total; the range and page are kept in the address.
 */
export function CortesAnteriores() {
  const [state, update] = useListState(DEFAULTS, LIMIT)
  const { data, error, isLoading, isFetching } = useListCortesQuery(state, { refetchOnMountOrArgChange: true })
  const setPage = useCallback((page: number) => update({ page }), [update])
  useClampPage(data?.meta, state.page, setPage)
  const [open, setOpen] = useState<string | null>(null)
  const cortes = data?.cortes ?? []
  const ranged = state.desde !== '' || state.hasta !== ''
  return (
    <section aria-labelledby="cortes-anteriores" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="cortes-anteriores" className="text-lg font-semibold text-slate-900">
        Cortes anteriores
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <DayRangeFields desde={state.desde} hasta={state.hasta} onChange={update} />
      </div>
      <div className="mt-3"><ExportControl path="/v1/cortes/exportar" params={{ desde: state.desde, hasta: state.hasta }} what="cortes" /></div>
      <div className="mt-2" aria-busy={isFetching || undefined}>
        {isLoading ? <Skeleton className="h-16 w-full" /> : null}
        {error ? <ErrorNote>{errorText(error, 'Error al obtener los cortes')}</ErrorNote> : null}
        {data && cortes.length === 0 && data.meta.total === 0 ? (
          <p className="py-3 text-sm text-slate-600">{ranged ? 'No hay cortes en esas fechas.' : 'Todavía no hay cortes.'}</p>
        ) : null}
        <ul className="divide-y divide-slate-100">
          {cortes.map((c) => (
            <CorteRow key={c._id} corte={c} onOpen={setOpen} />
          ))}
        </ul>
      </div>
      <Pager meta={data?.meta} shown={cortes.length} onPage={setPage} onLimit={(limit) => update({ limit })} sizes={SIZES} busy={isFetching} label="cortes" />
      {open ? <CorteDetailDialog id={open} onClose={() => setOpen(null)} /> : null}
    </section>
  )
}
