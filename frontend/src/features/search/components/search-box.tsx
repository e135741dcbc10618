import { useId } from 'react'
import { Link } from 'react-router'
import { SearchIcon } from '@/components/icons'
import { MasIva } from '@/components/mas-iva'
import { ProductoImage } from '@/components/producto-image'
import { useInBrowser } from '@/components/use-in-browser'
import { formatMoney } from '@/lib/money'
import { isOutOfStock, productoImage, productoPrice, productoTitle, type Producto } from '@/lib/producto'
import { truncate } from '@/lib/text'
import { searchResultsPath, useSearchCombobox } from '@/features/search/use-search-combobox'

/**
 * The header search: suggestions as you type; choosing one opens `/product/{id}`; Enter (the
 * keyboard's Buscar key) or 'Ver todos los resultados' opens `/busqueda?q=…`.
 */
export function SearchBox() {
  const listId = useId()
  // Prerendered, the box waits for the app: what is typed into it before would be lost.
  const ready = useInBrowser()
  const search = useSearchCombobox()
  const { showPanel, active } = search

  return (
    <div className="relative w-full" onBlur={search.onBlur} onFocus={search.onFocus}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault()
          search.submit()
        }}
      >
        <label className="sr-only" htmlFor={`${listId}-input`}>
          Buscar productos
        </label>
        <SearchIcon
          size={20}
          className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={`${listId}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          aria-expanded={showPanel}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showPanel && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder="¿Qué estás buscando hoy?"
          disabled={!ready}
          value={search.text}
          onChange={(event) => search.type(event.target.value)}
          onFocus={search.openPanel}
          onKeyDown={search.onKeyDown}
          className="h-11 w-full rounded-full border-0 bg-white pr-4 pl-11 text-[15px] text-slate-900 shadow-inner ring-1 ring-white/20 placeholder:text-slate-500 focus:ring-2 focus:ring-teal-400 focus:outline-none"
        />
      </form>
      {showPanel ? <SearchPanel listId={listId} search={search} /> : null}
    </div>
  )
}

type SearchPanelProps = { listId: string; search: ReturnType<typeof useSearchCombobox> }

/** Under the box: how the search goes, and the suggestions. */
function SearchPanel({ listId, search }: SearchPanelProps) {
  const { results, active } = search
  return (
    <div className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl bg-white text-slate-800 shadow-xl ring-1 ring-slate-200">
      {search.tooShort ? (
        <p className="px-4 py-3 text-sm text-slate-600" role="status">
          Escribe al menos 3 letras para buscar.
        </p>
      ) : search.waiting && results.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500" role="status">
          Buscando…
        </p>
      ) : search.isError ? (
        <p className="px-4 py-3 text-sm text-rose-700" role="status">
          No pudimos buscar en este momento. Intenta de nuevo.
        </p>
      ) : results.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500" role="status">
          No encontramos productos para «{search.term}».
        </p>
      ) : null}
      <ul id={listId} role="listbox" aria-label="Resultados de búsqueda" className="max-h-[60vh] overflow-y-auto">
        {results.map((producto, index) => (
          <Suggestion
            key={producto._id}
            id={`${listId}-${index}`}
            producto={producto}
            active={index === active}
            onChoose={() => search.choose(producto)}
          />
        ))}
      </ul>
      {!search.tooShort && search.total > 0 ? (
        <Link
          to={searchResultsPath(search.term)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={search.close}
          className="block border-t border-slate-100 px-4 py-3 text-center text-sm font-semibold text-teal-800 hover:bg-slate-50"
        >
          Ver todos los resultados ({search.total})
        </Link>
      ) : null}
    </div>
  )
}

type SuggestionProps = { id: string; producto: Producto; active: boolean; onChoose: () => void }

function Suggestion({ id, producto, active, onChoose }: SuggestionProps) {
  const price = productoPrice(producto)
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${active ? 'bg-teal-50' : 'hover:bg-slate-50'}`}
    >
      <ProductoImage src={productoImage(producto)} alt="" compact className="h-12 w-12 shrink-0 rounded-md border border-slate-100" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{truncate(productoTitle(producto), 60)}</span>
        {isOutOfStock(producto) ? (
          <span className="text-xs font-semibold text-slate-500">Agotado</span>
        ) : price ? (
          <span className="text-xs font-semibold text-brand-800">
            {formatMoney(price.precioFinal)} <MasIva className="text-[11px]" />
          </span>
        ) : null}
      </span>
    </li>
  )
}
