import { useDeferredValue, useMemo } from 'react'
import { NavLink } from 'react-router'
import { categoriaIcon } from '@/components/layout/categoria-icons'
import { categoriaPath, menuTiles, useListCategoriasQuery } from '@/lib/categorias'

/** The row of category tiles under the header (the categories with a menu name); scrolls sideways on phones. */
export function CategoriaMenu() {
  // The categories are drawn in a deferred render, in short slices (see FeaturedProductos).
  const { data, isError } = useDeferredValue(useListCategoriasQuery())
  return useMemo(() => {
    if (!data && !isError) return <MenuPlaceholder />
    const tiles = menuTiles(data ?? [])
    if (tiles.length === 0) return null
    return (
      <nav aria-label="Categorías" className="border-b border-slate-200 bg-white">
        <ul className="no-scrollbar mx-auto flex max-w-7xl snap-x gap-1 overflow-x-auto px-2 py-2.5 sm:justify-center sm:gap-3 sm:px-3 sm:py-3">
          {tiles.map(({ id, menu, icono }) => {
            const Icon = categoriaIcon(icono)
            return (
              <li key={id} className="shrink-0 snap-start">
                <NavLink
                  to={categoriaPath(id)}
                  className={({ isActive }) =>
                    `flex w-[4.6rem] flex-col sm:w-[5.5rem] items-center gap-1.5 rounded-xl px-1 py-2 text-center text-xs sm:px-2 font-medium transition focus-visible:outline-2 focus-visible:outline-teal-500 ${
                      isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100'
                    }`
                  }
                >
                  <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-800">
                    <Icon size={22} />
                  </span>
                  <span className="line-clamp-2 h-[2.5em] leading-tight">{menu}</span>
                </NavLink>
              </li>
            )
          })}
        </ul>
      </nav>
    )
  }, [data, isError])
}

/** The row's place while the categories load (and in the prerendered page): the same height (each label is
 * given two lines, loaded or not), so nothing moves. */
function MenuPlaceholder() {
  return (
    <div aria-hidden="true" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-hidden px-2 py-2.5 sm:justify-center sm:gap-3 sm:px-3 sm:py-3">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="flex w-[4.6rem] shrink-0 flex-col items-center gap-1.5 px-1 py-2 sm:w-[5.5rem] sm:px-2">
            <span className="h-11 w-11 rounded-full bg-brand-50" />
            <span className="h-[2.5em] text-xs leading-tight">
              <span className="block h-3 w-12 rounded bg-slate-100" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
