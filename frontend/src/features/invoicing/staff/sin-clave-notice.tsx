import { useState } from 'react'
import { Link } from 'react-router'
import { Pager } from '@/components/pager'
import { formatCount } from '@/lib/money'
import { useListProductosSinClaveSatQuery } from '@/features/invoicing/api'

/** How many products the notice lists at a time. */
const SIN_CLAVE_PAGE = 25

/**
 * 'N productos sin clave SAT': they are invoiced with the generic key until someone gives them
 * theirs. `canEdit` (the catalogue's roles) links each one to the product list, where 'Editar' is.
 * The server sends them a page at a time.
 */
export function SinClaveNotice({ canEdit }: { canEdit: boolean }) {
  const [page, setPage] = useState(1)
  const { data, isFetching } = useListProductosSinClaveSatQuery({ page, limit: SIN_CLAVE_PAGE })
  if (!data || data.meta.total === 0) return null
  const n = data.meta.total
  return (
    <details className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="sin-clave-sat">
      <summary className="cursor-pointer font-semibold">{n === 1 ? '1 producto sin clave SAT' : `${formatCount(n)} productos sin clave SAT`}</summary>
      <p className="mt-2">Se facturan con la clave genérica 01010101 o la unidad H87. En Productos, con «Editar», escribe su «Clave SAT» y su «Unidad SAT».</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {data.productos.map((p) => {
          const text = p.modelo ? `${p.nombre} (${p.modelo})` : p.nombre
          return (
            <li key={p._id}>
              {canEdit ? (
                <Link className="link" to={`/productos?titulo=${encodeURIComponent(p.nombre)}`}>
                  {text}
                </Link>
              ) : (
                text
              )}
            </li>
          )
        })}
      </ul>
      {n > SIN_CLAVE_PAGE && <Pager meta={data.meta} shown={data.productos.length} onPage={setPage} busy={isFetching} label="productos sin clave SAT" />}
    </details>
  )
}
