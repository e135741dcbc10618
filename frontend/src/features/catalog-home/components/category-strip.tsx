import { Link } from 'react-router'
import { STORE_CATEGORIES } from '@/lib/categories'

const COLOURS = ['bg-brand-800', 'bg-teal-700', 'bg-slate-800', 'bg-indigo-800', 'bg-amber-700', 'bg-rose-800']

/** The 12 storefront categories; each card opens its category, filtered by the server. */
export function CategoryStrip() {
  return (
    <section aria-labelledby="categorias" className="mt-10">
      <h2 id="categorias" className="section-title">
        Categorías
      </h2>
      <ul className="mt-4 flex snap-x gap-3 overflow-x-auto pb-2">
        {STORE_CATEGORIES.map((c, i) => (
          <li key={c.id} className="w-40 shrink-0 snap-start">
            <Link
              to={`/busqueda/${c.id}`}
              className={`flex h-24 items-end rounded-2xl p-3 text-sm font-semibold text-white shadow-sm ${COLOURS[i % COLOURS.length]}`}
            >
              {c.nombre}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
