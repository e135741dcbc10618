import { useCallback, useRef, useState } from 'react'
import { useAppSelector } from '@/lib/hooks'
import { ErrorNote } from '@/components/error-note'
import { Pager } from '@/components/pager'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { selectRol } from '@/lib/session-slice'
import { normalizeRol } from '@/lib/roles'
import { errorText } from '@/lib/api-errors'
import { hasFilters, useClampPage, useListState } from '@/lib/list-state'
import { useMediaQuery, WIDE } from '@/lib/use-media-query'
import { ActualizarOrdenDialog } from '@/features/sales/components/actualizar-orden-dialog'
import { OrdenesNuevasBanner } from '@/features/sales/components/ordenes-nuevas-banner'
import { OrdenCards, OrdenesTable } from '@/features/sales/components/orden-rows'
import { VentasFiltersBar } from '@/features/sales/components/ventas-filters'
import { EmptyList, Notice } from '@/features/sales/components/ventas-list'
import { NARROWING_DAYS, ORDENES_DEFAULTS, ventasArgs } from '@/features/sales/list-params'
import { DevolucionDialog } from '@/features/sales/components/devolucion-dialog'
import { ENTREGA_VALUES, type Venta } from '@/features/sales/types'
import { useNotice } from '@/features/sales/use-notice'
import { useLiveOrdenes, useOrdenesNuevas } from '@/features/sales/use-live-ordenes'
import { formatCount, formatMoney } from '@/lib/money'

function Heading({ total }: { total: number | undefined }) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-900">Lista de ordenes</h1>
      <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
        <span className="relative flex h-2.5 w-2.5" aria-hidden="true">
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-60" />
          <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-emerald-500" />
        </span>
        Se actualiza sola
        {total !== undefined ? (
          <span>
            · {formatCount(total)} {total === 1 ? 'orden' : 'órdenes'}
          </span>
        ) : null}
      </p>
    </div>
  )
}

/** The arrival of orders for screen readers ('Llegó una orden nueva'). */
function Announcement({ count: n }: { count: number }) {
  return (
    <div aria-live="polite" className="sr-only">
      {n === 0 ? '' : n === 1 ? 'Llegó una orden nueva' : `Llegaron ${n} órdenes nuevas`}
    </div>
  )
}

function useOrdenesScreen() {
  const [state, update, reset] = useListState(ORDENES_DEFAULTS)
  const { list, newest } = useLiveOrdenes(ventasArgs(state))
  const arrivals = useOrdenesNuevas(newest)
  const setPage = useCallback((page: number) => update({ page }), [update])
  useClampPage(list.data?.meta, state.page, setPage)
  const top = useRef<HTMLDivElement>(null)
  const { show } = arrivals
  const showNew = useCallback(() => {
    reset({ limit: state.limit })
    show()
    top.current?.scrollIntoView?.({ block: 'start' })
    top.current?.focus({ preventScroll: true })
  }, [reset, show, state.limit])
  return { state, update, reset, list, arrivals, setPage, top, showNew }
}

/**
 * `/ventas/ordenes` 'Lista de ordenes' (Comandero, Cajero, Auxiliar, Administrador): the open orders
 * a page at a time, newest first, with search, filters and sort kept in the address; a search (or
 * a delivery state) looks through every sale, whatever its state, so the cash desk finds a paid,
 * delivered, cancelled or returned sale to reprint its ticket, charge it or take a return. Orders
 * that arrive while it is open are announced and shown in one tap.
 */
export function OrdenesPage() {
  useDocumentTitle('Lista de ordenes')
  const rol = normalizeRol(useAppSelector(selectRol))
  const canCharge = rol === 'Cajero' || rol === 'Administrador'
  const wide = useMediaQuery(WIDE)
  const { state, update, reset, list, arrivals, setPage, top, showNew } = useOrdenesScreen()
  const { data, error, isFetching } = list
  const [editing, setEditing] = useState<Venta | null>(null)
  const [returning, setReturning] = useState<Venta | null>(null)
  const [notice, setNotice] = useNotice()

  return (
    <section>
      <Heading total={data?.meta.total} />
      <Announcement count={arrivals.count} />
      <OrdenesNuevasBanner count={arrivals.count} capped={arrivals.capped} onShow={showNew} />
      <Notice text={notice} />
      <div className="mt-4">
        <VentasFiltersBar
          state={state}
          onChange={update}
          onClear={() => reset({ orden: state.orden, limit: state.limit })}
          searchLabel="Buscar órdenes"
          entregaValues={ENTREGA_VALUES}
          withEnvio
        />
        {state.q !== '' ? (
          <p className="mt-2 text-sm text-slate-600">La búsqueda incluye todas las ventas: pagadas, entregadas, canceladas y devueltas.</p>
        ) : null}
      </div>
      <div ref={top} role="region" tabIndex={-1} aria-label="Órdenes" aria-busy={isFetching || undefined} className="mt-6 scroll-mt-20 outline-none">
        {error ? <ErrorNote>{errorText(error, 'Error al obtener las órdenes')}</ErrorNote> : null}
        {!data && !error ? (
          <div className="space-y-3" aria-label="Cargando órdenes">
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : null}
        {data && data.ventas.length === 0 && data.meta.total === 0 ? (
          <EmptyList>
            {hasFilters(state, ORDENES_DEFAULTS, NARROWING_DAYS) ? 'Ninguna orden coincide con la búsqueda' : 'No hay órdenes pendientes'}
          </EmptyList>
        ) : null}
        {data && data.ventas.length > 0 ? (
          wide ? (
            <OrdenesTable ordenes={data.ventas} highlighted={arrivals.highlighted} onOpen={setEditing} onDevolucion={canCharge ? setReturning : undefined} />
          ) : (
            <OrdenCards ordenes={data.ventas} highlighted={arrivals.highlighted} onOpen={setEditing} onDevolucion={canCharge ? setReturning : undefined} />
          )
        ) : null}
        <Pager meta={data?.meta} shown={data?.ventas.length ?? 0} onPage={setPage} onLimit={(limit) => update({ limit })} busy={isFetching} label="órdenes" />
      </div>
      {editing ? (
        <ActualizarOrdenDialog
          key={editing._id}
          venta={editing}
          canCharge={canCharge}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            setNotice(`Orden ${saved.folio} actualizada.`)
          }}
        />
      ) : null}
      {returning ? (
        <DevolucionDialog
          key={returning._id}
          venta={returning}
          onClose={() => setReturning(null)}
          onSaved={(saved, refund) => {
            setReturning(null)
            setNotice(`Devolución registrada en la orden ${saved.folio}: reembolso de ${formatMoney(refund)}.`)
          }}
        />
      ) : null}
    </section>
  )
}
