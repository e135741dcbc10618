import { useState } from 'react'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage } from '@/lib/api-errors'
import { callErrorMessage } from '@/lib/error-log'
import { useListErrorLogQuery } from '@/features/error-log/api'
import { ErrorLogFilters } from '@/features/error-log/components/error-log-filters'
import type { ErrorLogFilter, StoredLogEntry } from '@/features/error-log/types'

const dateTime = new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'medium' })

function formatTime(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d)
}

function who(e: StoredLogEntry): string {
  return e.userName || e.user || 'Anónimo'
}

function EntryCard({ entry }: { entry: StoredLogEntry }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold text-brand-900">{entry.title}</h2>
        <time dateTime={entry.receivedAt} className="text-xs text-slate-500">
          {formatTime(entry.receivedAt)}
        </time>
      </div>
      <p className="mt-2 font-mono text-sm break-words whitespace-pre-wrap text-slate-800">{entry.error}</p>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-xs text-slate-600 sm:grid-cols-2">
        <div className="flex gap-1">
          <dt className="font-medium text-slate-700">Usuario:</dt>
          <dd className="min-w-0 truncate">
            {who(entry)}
            {entry.userEmail ? ` (${entry.userEmail})` : ''}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium text-slate-700">Origen:</dt>
          <dd className="min-w-0 truncate">{entry.origen || '—'}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium text-slate-700">Hora del navegador:</dt>
          <dd>{formatTime(entry.time)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="font-medium text-slate-700">Dirección IP:</dt>
          <dd>{entry.ip || '—'}</dd>
        </div>
        {entry.userAgent ? (
          <div className="flex gap-1 sm:col-span-2">
            <dt className="font-medium text-slate-700">Navegador:</dt>
            <dd className="min-w-0 truncate" title={entry.userAgent}>
              {entry.userAgent}
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  )
}

/** `/registro-errores` 'Registro de errores': what the browsers reported, newest first (Administrador). */
export function ErrorLogPage() {
  useDocumentTitle('Registro de errores')
  const [filter, setFilter] = useState<ErrorLogFilter>({ page: 1 })
  const { data, error, isFetching, isLoading, refetch } = useListErrorLogQuery(filter)
  const page = filter.page ?? 1

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Registro de errores</h1>
        <button type="button" className="btn-secondary" onClick={() => void refetch()} disabled={isFetching}>
          Actualizar
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Errores que reportan los navegadores de la tienda. Se conservan 30 días.
      </p>

      <ErrorLogFilters onFilter={setFilter} />

      <div className="mt-5" aria-busy={isFetching}>
        {isLoading ? (
          <div className="space-y-3" data-testid="error-log-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28 w-full rounded-2xl" />
            ))}
          </div>
        ) : error ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {apiErrorMessage(error, callErrorMessage(error))}
          </p>
        ) : data && data.logs.length > 0 ? (
          <ul aria-label="Errores registrados" className="space-y-3">
            {data.logs.map((e) => (
              <EntryCard key={e._id} entry={e} />
            ))}
          </ul>
        ) : (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600">No hay errores registrados</p>
        )}
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
          <span className="text-sm text-slate-600">Página {page}</span>
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
