import { useCallback, useState } from 'react'
import { ErrorNote } from '@/components/error-note'
import { Pager } from '@/components/pager'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { shiftDay, shopToday } from '@/lib/dates'
import { errorText } from '@/lib/api-errors'
import { hasFilters, useClampPage, useListState } from '@/lib/list-state'
import { useMediaQuery, WIDE } from '@/lib/use-media-query'
import { useListVentasQuery } from '@/features/sales/api'
import { ActualizarEnvioDialog } from '@/features/sales/components/actualizar-envio-dialog'
import { DateRangeForm } from '@/features/sales/components/date-range-form'
import { EnvioCards, EnviosTable } from '@/features/sales/components/envio-rows'
import { VentasFiltersBar } from '@/features/sales/components/ventas-filters'
import { EmptyList, Notice } from '@/features/sales/components/ventas-list'
import { NARROWING, ORDENES_DEFAULTS, ventasArgs, type VentasFilters } from '@/features/sales/list-params'
import { ENTREGA_VALUES, type Venta } from '@/features/sales/types'
import { useNotice } from '@/features/sales/use-notice'

/** The shipments list opens on the last 30 days, most recent first. */
const DEFAULT_DAYS = 30

function useEnviosState() {
  const [defaults] = useState<VentasFilters>(() => {
    const today = shopToday()
    return { ...ORDENES_DEFAULTS, desde: shiftDay(today, DEFAULT_DAYS), hasta: today }
  })
  const [state, update, reset] = useListState(defaults)
  const query = useListVentasQuery(ventasArgs(state), { refetchOnMountOrArgChange: true })
  const setPage = useCallback((page: number) => update({ page }), [update])
  useClampPage(query.data?.meta, state.page, setPage)
  return { defaults, state, update, reset, query, setPage }
}

/** `/ventas/envios` 'Reporte de envíos' (Auxiliar, Administrador): the sales of a range, a page at a time. */
export function EnviosPage() {
  useDocumentTitle('Reporte de envíos')
  const wide = useMediaQuery(WIDE)
  const { defaults, state, update, reset, query, setPage } = useEnviosState()
  const { data, error, isLoading, isFetching, refetch } = query
  const ventas = data?.ventas ?? []
  const [editing, setEditing] = useState<Venta | null>(null)
  const [notice, setNotice] = useNotice()

  return (
    <section>
      <h1 className="text-2xl font-bold text-brand-900">Reporte de envíos</h1>
      <div className="mt-6 space-y-3">
        <DateRangeForm
          initial={{ startDate: state.desde, endDate: state.hasta }}
          submitLabel="Filtrar envíos"
          busy={isFetching}
          onSubmit={(next) => {
            if (next.startDate === state.desde && next.endDate === state.hasta) refetch()
            else update({ desde: next.startDate, hasta: next.endDate })
          }}
        />
        <VentasFiltersBar
          state={state}
          onChange={update}
          onClear={() => reset({ orden: state.orden, limit: state.limit, desde: state.desde, hasta: state.hasta })}
          searchLabel="Buscar envíos"
          entregaValues={ENTREGA_VALUES}
          withEnvio
          withDates={false}
        />
      </div>
      <Notice text={notice} />
      <div className="mt-6" aria-busy={isFetching || undefined}>
        {error ? <ErrorNote>{errorText(error, 'Error al filtrar las ventas')}</ErrorNote> : null}
        {isLoading ? (
          <Skeleton className="h-40 w-full" />
        ) : !error && ventas.length === 0 ? (
          <EmptyList>{hasFilters(state, defaults, NARROWING) ? 'Ninguna venta coincide con la búsqueda' : 'No hay ventas'}</EmptyList>
        ) : wide ? (
          <EnviosTable ventas={ventas} onOpen={setEditing} />
        ) : (
          <EnvioCards ventas={ventas} onOpen={setEditing} />
        )}
        <Pager meta={data?.meta} shown={ventas.length} onPage={setPage} onLimit={(limit) => update({ limit })} busy={isFetching} label="ventas" />
      </div>
      {editing ? (
        <ActualizarEnvioDialog
          key={editing._id}
          venta={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            setNotice(`Envío de la orden ${saved.folio} actualizado.`)
          }}
        />
      ) : null}
    </section>
  )
}
