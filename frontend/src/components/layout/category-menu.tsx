import { NavLink } from 'react-router'
import { CATEGORY_ICONS } from '@/components/layout/category-icons'
import { categoryPath, MENU_CATEGORIES } from '@/lib/categories'

/** The row of category tiles under the header; scrolls sideways on phones. */
export function CategoryMenu() {
  return (
    <nav aria-label="Categorías" className="border-b border-slate-200 bg-white">
      <ul className="no-scrollbar mx-auto flex max-w-7xl snap-x gap-1 overflow-x-auto px-2 py-2.5 sm:justify-center sm:gap-3 sm:px-3 sm:py-3">
        {MENU_CATEGORIES.map(({ slug, nombre }) => {
          const Icon = CATEGORY_ICONS[slug]
          return (
            <li key={slug} className="shrink-0 snap-start">
              <NavLink
                to={categoryPath(slug)}
                className={({ isActive }) =>
                  `flex w-[4.6rem] flex-col sm:w-[5.5rem] items-center gap-1.5 rounded-xl px-1 py-2 text-center text-xs sm:px-2 font-medium transition focus-visible:outline-2 focus-visible:outline-teal-500 ${
                    isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100'
                  }`
                }
              >
                <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-800">
                  <Icon size={22} />
                </span>
                <span className="leading-tight">{nombre}</span>
              </NavLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
