import { useCallback, useState } from 'react'
import { useAppSelector } from '@/lib/hooks'
import { ErrorNote } from '@/components/error-note'
import { Pager } from '@/components/pager'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { errorText } from '@/lib/api-errors'
import { hasFilters, useClampPage, useListState } from '@/lib/list-state'
import { formatCount } from '@/lib/money'
import { normalizeRol } from '@/lib/roles'
import { selectRol } from '@/lib/session-slice'
import { useMediaQuery, WIDE } from '@/lib/use-media-query'
import { useGetCatalogosQuery, useListFacturasQuery } from '@/features/invoicing/api'
import { CancelarDialog, ReenviarDialog } from '@/features/invoicing/staff/factura-dialogs'
import { FacturaGlobalDialog } from '@/features/invoicing/staff/factura-global-dialog'
import { FacturasFiltersBar } from '@/features/invoicing/staff/facturas-filters'
import { FacturaCards, FacturasTable, type FacturaAction } from '@/features/invoicing/staff/facturas-rows'
import { FACTURAS_DEFAULTS } from '@/features/invoicing/staff/labels'
import { SinClaveNotice } from '@/features/invoicing/staff/sin-clave-notice'
import { useFacturaFiles } from '@/features/invoicing/staff/use-factura-files'
import type { Factura, FacturaEstado, FacturaTipo, Periodicidad } from '@/features/invoicing/types'

/** The page of facturas asked for in the address (`?q=..&tipo=..&estado=..&page=..`). */
function useFacturasList() {
  const [state, update, reset] = useListState(FACTURAS_DEFAULTS)
  const { q, desde, hasta, page, limit } = state
  const query = useListFacturasQuery({ q, desde, hasta, tipo: state.tipo as FacturaTipo | '', estado: state.estado as FacturaEstado | '', page, limit }, { refetchOnMountOrArgChange: true })
  const setPage = useCallback((p: number) => update({ page: p }), [update])
  useClampPage(query.data?.meta, page, setPage)
  return { state, update, reset, query, setPage }
}

type Editing = { action: FacturaAction; factura: Factura } | null

/** `/facturas` 'Facturas' (Administrador, Cajero): every CFDI the shop stamped, with downloads, resending, cancelling and the factura global. */
export function FacturasPage() {
  useDocumentTitle('Facturas')
  const rol = normalizeRol(useAppSelector(selectRol))
  const wide = useMediaQuery(WIDE)
  const { state, update, reset, query, setPage } = useFacturasList()
  const { data, error, isFetching } = query
  const catalogos = useGetCatalogosQuery()
  const off = catalogos.data?.configurada === false
  const files = useFacturaFiles()
  const [global, setGlobal] = useState<Periodicidad | null>(null)
  const [editing, setEditing] = useState<Editing>(null)
  const [notice, setNotice] = useState('')
  const onAction = (action: FacturaAction, factura: Factura) => {
    setNotice('')
    setEditing({ action, factura })
  }
  const rows = { facturas: data?.facturas ?? [], disabled: off, files, onAction }

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Facturas</h1>
          {data ? <p className="mt-1 text-sm text-slate-600">{data.meta.total === 1 ? '1 factura' : `${formatCount(data.meta.total)} facturas`}</p> : null}
        </div>
        <button type="button" className="btn-primary" disabled={off} onClick={() => setGlobal('dia')}>
          Factura global
        </button>
      </div>
      {off ? (
        <p role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          La facturación no está configurada. Pide al administrador que la active.
        </p>
      ) : null}
      {data?.cuenta?.aviso ? (
        <p role="alert" className="mt-4 rounded-xl border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-medium text-rose-900" data-testid="aviso-cuenta">
          {data.cuenta.aviso}
        </p>
      ) : null}
      {notice ? <p role="status" className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">{notice}</p> : null}
      <SinClaveNotice canEdit={rol === 'Administrador'} />
      <div className="mt-4">
        <FacturasFiltersBar state={state} onChange={update} onClear={() => reset({ limit: state.limit })} />
      </div>
      <div role="region" aria-label="Lista de facturas" aria-busy={isFetching || undefined} className="mt-6">
        {error ? <ErrorNote>{errorText(error, 'Error al obtener las facturas')}</ErrorNote> : null}
        <ErrorNote>{files.problem}</ErrorNote>
        {!data && !error ? (
          <div className="space-y-3" aria-label="Cargando facturas">
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : null}
        {data && data.facturas.length === 0 && data.meta.total === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {hasFilters(state, FACTURAS_DEFAULTS) ? 'Ninguna factura coincide con la búsqueda.' : 'Todavía no hay facturas.'}
          </p>
        ) : null}
        {data && data.facturas.length > 0 ? wide ? <FacturasTable {...rows} /> : <FacturaCards {...rows} /> : null}
        <Pager meta={data?.meta} shown={data?.facturas.length ?? 0} onPage={setPage} onLimit={(limit) => update({ limit })} busy={isFetching} label="facturas" />
      </div>
      {editing?.action === 'reenviar' ? (
        <ReenviarDialog factura={editing.factura} onClose={() => setEditing(null)} onSent={(email) => {
          setEditing(null)
          setNotice(`Factura reenviada a ${email}.`)
        }} />
      ) : null}
      {editing?.action === 'cancelar' ? (
        <CancelarDialog factura={editing.factura} motivos={catalogos.data?.motivos ?? []} onClose={() => setEditing(null)} />
      ) : null}
      {global ? <FacturaGlobalDialog initial={global} disabled={off} onClose={() => setGlobal(null)} /> : null}
    </section>
  )
}
