import { useDeferredValue, useMemo } from 'react'
import { Link } from 'react-router'
import { categoriaPath, storeCards, useListCategoriasQuery } from '@/lib/categorias'

/** The storefront's category cards (the categories marked as cards, in their order, in their colour). */
export function CategoriaStrip() {
  // Drawn in a deferred render, in short slices (see FeaturedProductos).
  const { data, isError } = useDeferredValue(useListCategoriasQuery())
  return useMemo(() => {
    const cards = storeCards(data ?? [])
    const loading = !data && !isError
    if (!loading && cards.length === 0) return null
    return (
      <section aria-labelledby="categorias" className="mt-10">
        <h2 id="categorias" className="section-title">
          Categorías
        </h2>
        <ul className="mt-4 flex snap-x gap-3 overflow-x-auto pb-2" aria-busy={loading || undefined}>
          {loading
            ? Array.from({ length: 6 }, (_, i) => <li key={i} aria-hidden="true" className="h-24 w-40 shrink-0 animate-pulse rounded-2xl bg-slate-200" />)
            : null}
          {cards.map((c) => (
            <li key={c.id} className="w-40 shrink-0 snap-start">
              <Link
                to={categoriaPath(c.id)}
                className="flex h-24 items-end rounded-2xl p-3 text-sm font-semibold text-white shadow-sm"
                style={{ backgroundColor: c.color }}
              >
                {c.nombre}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    )
  }, [data, isError])
}
