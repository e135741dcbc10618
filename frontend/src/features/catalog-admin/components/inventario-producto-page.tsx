import { useCallback, useState } from 'react'
import { Link, useParams } from 'react-router'
import { ExportControl } from '@/components/export-control'
import { DayRangeFields, SelectFilter } from '@/components/list-filters'
import { Pager } from '@/components/pager'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage } from '@/lib/api-errors'
import { useClampPage, useListState } from '@/lib/list-state'
import { productoTitle, type ProductoAdmin } from '@/lib/producto'
import { useGetProductoAdminQuery } from '@/features/catalog-admin/api'
import { AjustarInventarioDialog } from '@/features/catalog-admin/components/ajustar-inventario-dialog'
import { MovimientosTable } from '@/features/catalog-admin/components/movimientos-table'
import { useListMovimientosQuery, type Movimiento } from '@/features/catalog-admin/inventario-api'
import { TIPO_MOVIMIENTO, signedUnits, varianteLabel } from '@/features/catalog-admin/inventario-labels'

/** Every movement of the product, newest first. */
const DEFAULTS = { variante: '', tipo: '', desde: '', hasta: '' }

/** `/productos/:id/inventario`: a product's units per variant, 'Ajustar inventario' and its movement history. */
export function InventarioProductoPage() {
  const { id = '' } = useParams()
  const producto = useGetProductoAdminQuery(id, { refetchOnMountOrArgChange: true })
  const [state, update] = useListState(DEFAULTS)
  const movimientos = useListMovimientosQuery({ producto: id, ...state })
  const setPage = useCallback((page: number) => update({ page }), [update])
  useClampPage(movimientos.data?.meta, state.page, setPage)
  const [adjusting, setAdjusting] = useState<{ varianteId?: string } | null>(null)
  const [done, setDone] = useState('')
  const title = producto.data ? productoTitle(producto.data) : 'Producto'
  useDocumentTitle(`Inventario de ${title}`)

  return (
    <section>
      <Link to="/productos" className="link text-sm">
        ← Productos
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Inventario de {title}</h1>
        <button type="button" className="btn-primary" disabled={!producto.data} onClick={() => setAdjusting({})}>
          Ajustar inventario
        </button>
      </div>
      {done ? (
        <p role="status" className="mt-3 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {done}
        </p>
      ) : null}
      {producto.error ? (
        <p role="alert" className="mt-3 text-rose-700">
          {apiErrorMessage(producto.error, 'Error al obtener un producto')}
        </p>
      ) : null}
      {producto.data ? <Existencias producto={producto.data} onAdjust={(varianteId) => setAdjusting({ varianteId })} /> : null}

      <h2 className="mt-8 text-lg font-semibold text-slate-900">Movimientos</h2>
      <p className="text-sm text-slate-600">Quién cambió las existencias, cuándo, cuántas había antes y después, y por qué.</p>
      <MovimientosFilters producto={producto.data} state={state} onChange={update} />
      <div className="mt-3">
        <ExportControl
          path="/v1/inventario/movimientos/exportar"
          params={{ producto: id, variante: state.variante, tipo: state.tipo, desde: state.desde, hasta: state.hasta }}
          what="movimientos"
        />
      </div>
      <div className="mt-3" aria-busy={movimientos.isFetching}>
        {movimientos.isLoading ? (
          <Skeleton className="h-24 w-full rounded-2xl" />
        ) : movimientos.error ? (
          <p role="alert" className="text-rose-700">
            {apiErrorMessage(movimientos.error, 'Error al obtener los movimientos')}
          </p>
        ) : (
          <MovimientosTable movimientos={movimientos.data?.movimientos ?? []} />
        )}
      </div>
      <Pager
        meta={movimientos.data?.meta}
        shown={movimientos.data?.movimientos.length ?? 0}
        onPage={setPage}
        onLimit={(limit) => update({ limit })}
        busy={movimientos.isFetching}
        label="movimientos"
      />
      {adjusting ? (
        <AjustarInventarioDialog
          productoId={id}
          varianteId={adjusting.varianteId}
          onClose={() => setAdjusting(null)}
          onDone={(m) => setDone(doneText(m))}
        />
      ) : null}
    </section>
  )
}

/** "Ajuste guardado: Merma -2 (Grande · 32: 5 → 3)." */
function doneText(m: Movimiento): string {
  const v = varianteLabel(m)
  return `Ajuste guardado: ${TIPO_MOVIMIENTO[m.tipo]} ${signedUnits(m.cantidad)} (${v ? `${v}: ` : ''}${m.antes ?? '—'} → ${m.despues ?? '—'}).`
}

/** Each variant's units and minimum, with its own 'Ajustar'. */
function Existencias({ producto, onAdjust }: { producto: ProductoAdmin; onAdjust: (varianteId: string) => void }) {
  return (
    <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Existencias por variante">
      {(producto.variantes ?? []).map((v) => {
        const low = (v.minimo ?? 0) > 0 && (v.stock ?? 0) <= (v.minimo ?? 0)
        return (
          <li key={v._id} className={`rounded-2xl border bg-white p-3 ${low ? 'border-amber-400' : 'border-slate-200'}`}>
            <p className="font-medium">{varianteLabel(v) || 'Variante única'}</p>
            <p className="text-sm text-slate-700">
              Existencias: <span className="font-semibold tabular-nums">{v.stock ?? 0}</span> · Mínimo:{' '}
              <span className="tabular-nums">{v.minimo ?? 0}</span>
              {low ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">Bajo inventario</span> : null}
            </p>
            <button type="button" className="link mt-1 text-sm" onClick={() => onAdjust(v._id)}>
              Ajustar <span className="sr-only">{varianteLabel(v) || 'la variante'}</span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}

const TIPO_OPTIONS = Object.entries(TIPO_MOVIMIENTO).map(([value, label]) => ({ value, label }))

type FiltersProps = {
  producto: ProductoAdmin | undefined
  state: typeof DEFAULTS
  onChange: (patch: Partial<typeof DEFAULTS>) => void
}

function MovimientosFilters({ producto, state, onChange }: FiltersProps) {
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <SelectFilter
        label="Variante"
        allLabel="Todas"
        value={state.variante}
        options={(producto?.variantes ?? []).map((v) => ({ value: v._id, label: varianteLabel(v) || 'Variante única' }))}
        onChange={(variante) => onChange({ variante })}
      />
      <SelectFilter label="Tipo" allLabel="Todos" value={state.tipo} options={TIPO_OPTIONS} onChange={(tipo) => onChange({ tipo })} />
      <DayRangeFields desde={state.desde} hasta={state.hasta} onChange={onChange} />
    </div>
  )
}
