import { useCallback } from 'react'
import { Pager } from '@/components/pager'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage } from '@/lib/api-errors'
import { useClampPage, useListState } from '@/lib/list-state'
import { formatCount } from '@/lib/money'
import { useListAuditoriaQuery } from '@/features/audit/api'
import { AuditoriaFiltersBar } from '@/features/audit/components/auditoria-filters'
import { AUDITORIA_DEFAULTS } from '@/features/audit/labels'
import { AuditoriaTable } from '@/features/audit/components/auditoria-table'

/** `/auditoria` 'Auditoría': who changed which product, discount, account or order, newest first (Administrador). */
export function AuditoriaPage() {
  useDocumentTitle('Auditoría')
  const [state, update, reset] = useListState(AUDITORIA_DEFAULTS)
  const { data, error, isFetching, isLoading, refetch } = useListAuditoriaQuery(state)
  const setPage = useCallback((page: number) => update({ page }), [update])
  useClampPage(data?.meta, state.page, setPage)

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Auditoría</h1>
        <button type="button" className="btn-secondary" onClick={() => void refetch()} disabled={isFetching}>
          Actualizar
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Quién cambió qué y cuándo en productos, descuentos, usuarios y órdenes, con el valor anterior y el nuevo. Las horas son
        de la Ciudad de México.
      </p>

      <AuditoriaFiltersBar state={state} onChange={update} onClear={() => reset({ limit: state.limit })} />

      <div className="mt-5" aria-busy={isFetching}>
        {isLoading ? (
          <div className="space-y-3" data-testid="audit-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full rounded-2xl" />
            ))}
          </div>
        ) : error ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {apiErrorMessage(error, 'Error al obtener la auditoría')}
          </p>
        ) : data ? (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {data.meta.total === 1 ? '1 cambio' : `${formatCount(data.meta.total)} cambios`}
            </p>
            <AuditoriaTable entries={data.entradas} />
          </>
        ) : null}
      </div>

      <Pager meta={data?.meta} shown={data?.entradas.length ?? 0} onPage={setPage} onLimit={(limit) => update({ limit })} busy={isFetching} label="cambios" />
    </section>
  )
}
