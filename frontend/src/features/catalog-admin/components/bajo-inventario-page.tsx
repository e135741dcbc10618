import { useCallback, useState } from 'react'
import { Link } from 'react-router'
import { Pager } from '@/components/pager'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage } from '@/lib/api-errors'
import { useClampPage, useListState } from '@/lib/list-state'
import { AjustarInventarioDialog } from '@/features/catalog-admin/components/ajustar-inventario-dialog'
import { useListBajoInventarioQuery, type VarianteBaja } from '@/features/catalog-admin/inventario-api'
import { varianteLabel } from '@/features/catalog-admin/inventario-labels'
import { formatCount } from '@/lib/money'

const NO_FILTERS = {}
/** `/inventario/bajo` 'Bajo inventario': the variants out of stock or at or below their minimum, furthest below first. */
export function BajoInventarioPage() {
  useDocumentTitle('Bajo inventario')
  const [state, update] = useListState(NO_FILTERS)
  const { data, error, isLoading, isFetching } = useListBajoInventarioQuery({ page: state.page, limit: state.limit })
  const setPage = useCallback((page: number) => update({ page }), [update])
  useClampPage(data?.meta, state.page, setPage)
  const [adjusting, setAdjusting] = useState<VarianteBaja | null>(null)

  return (
    <section>
      <h1 className="text-2xl font-bold text-brand-900">Bajo inventario</h1>
      <p className="mt-1 text-sm text-slate-600">
        Variantes agotadas o con existencias iguales o menores a su mínimo. El mínimo de cada variante se define en el producto.
      </p>
      <div className="mt-4" aria-busy={isFetching}>
        {isLoading ? (
          <Skeleton className="h-24 w-full rounded-2xl" />
        ) : error ? (
          <p role="alert" className="text-rose-700">
            {apiErrorMessage(error, 'Error al obtener el inventario bajo')}
          </p>
        ) : data && data.variantes.length > 0 ? (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {data.meta.total === 1 ? '1 variante' : `${formatCount(data.meta.total)} variantes`} por surtir
            </p>
            <ul className="space-y-2">
              {data.variantes.map((v) => (
                <BajaRow key={v.varianteId} v={v} onAdjust={() => setAdjusting(v)} />
              ))}
            </ul>
          </>
        ) : (
          <p className="rounded-2xl bg-white p-8 text-center text-slate-600">Ninguna variante está agotada ni por debajo de su mínimo.</p>
        )}
      </div>
      <Pager
        meta={data?.meta}
        shown={data?.variantes.length ?? 0}
        onPage={setPage}
        onLimit={(limit) => update({ limit })}
        busy={isFetching}
        label="variantes"
      />
      {adjusting ? (
        <AjustarInventarioDialog productoId={adjusting.productoId} varianteId={adjusting.varianteId} onClose={() => setAdjusting(null)} />
      ) : null}
    </section>
  )
}

function BajaRow({ v, onAdjust }: { v: VarianteBaja; onAdjust: () => void }) {
  const name = [v.producto, varianteLabel(v)].filter(Boolean).join(' — ')
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-3" data-testid="variante-baja">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{name}</p>
        <p className="text-sm text-slate-700">
          Existencias: <span className={`font-semibold tabular-nums ${v.stock === 0 ? 'text-rose-700' : 'text-amber-800'}`}>{v.stock}</span> ·{' '}
          {v.minimo > 0 ? (
            <>
              Mínimo: <span className="tabular-nums">{v.minimo}</span>
            </>
          ) : (
            'Sin mínimo'
          )}
        </p>
      </div>
      <div className="flex gap-3 text-sm">
        <Link to={`/productos/${encodeURIComponent(v.productoId)}/inventario`} className="link">
          Ver movimientos <span className="sr-only">de {name}</span>
        </Link>
        <button type="button" className="btn-secondary" onClick={onAdjust}>
          Ajustar inventario <span className="sr-only">de {name}</span>
        </button>
      </div>
    </li>
  )
}
