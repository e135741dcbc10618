import { useState } from 'react'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage } from '@/lib/api-errors'
import { AUDIT_PAGE_SIZE, useGetAuditQuery } from '@/features/audit/api'
import { AuditFilters } from '@/features/audit/components/audit-filters'
import { AuditTable } from '@/features/audit/components/audit-table'
import type { AuditFilter } from '@/features/audit/types'
import { formatCount } from '@/lib/money'

/** `/auditoria` 'Auditoría': who changed which product, discount, account or order, newest first (Administrador). */
export function AuditPage() {
  useDocumentTitle('Auditoría')
  const [filter, setFilter] = useState<AuditFilter>({ page: 1 })
  const { data, error, isFetching, isLoading, refetch } = useGetAuditQuery(filter)
  const page = filter.page ?? 1
  const pages = data ? Math.max(1, Math.ceil(data.meta.total / AUDIT_PAGE_SIZE)) : 1

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

      <AuditFilters onFilter={setFilter} />

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
            <AuditTable entries={data.entradas} />
          </>
        ) : null}
      </div>

      {data && (page > 1 || data.meta.hasMore) ? (
        <nav aria-label="Páginas" className="mt-5 flex items-center justify-between gap-3">
          <button
            type="button"
            className="btn-secondary"
            disabled={page <= 1 || isFetching}
            onClick={() => setFilter((f) => ({ ...f, page: page - 1 }))}
          >
            Anterior
          </button>
          <span className="text-sm text-slate-600">
            Página {page} de {pages}
          </span>
          <button
            type="button"
            className="btn-secondary"
            disabled={!data.meta.hasMore || isFetching}
            onClick={() => setFilter((f) => ({ ...f, page: page + 1 }))}
          >
            Siguiente
          </button>
        </nav>
      ) : null}
    </section>
  )
}
