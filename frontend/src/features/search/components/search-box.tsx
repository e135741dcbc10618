import { skipToken } from '@reduxjs/toolkit/query'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { SearchIcon } from '@/components/icons'
import { ProductImage } from '@/components/product-image'
import { useInBrowser } from '@/components/use-in-browser'
import { formatMoney } from '@/lib/money'
import { productImage, productPrice, productTitle, type Producto } from '@/lib/product'
import { truncate } from '@/lib/text'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { MIN_SEARCH_LENGTH, useSearchProductosQuery } from '@/features/search/api'

/** Debounce of the header search (SPEC §9). */
export const SEARCH_DEBOUNCE_MS = 300

/** The header search: suggestions as you type; choosing one opens `/product/{id}`. */
export function SearchBox() {
  const navigate = useNavigate()
  const listId = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const blurTimer = useRef<number | undefined>(undefined)
  // Prerendered, the box waits for the app: what is typed into it before would be lost.
  const ready = useInBrowser()

  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const enabled = term.length >= MIN_SEARCH_LENGTH
  const { data = [], isFetching, isError } = useSearchProductosQuery(enabled ? term : skipToken)
  const results = enabled ? data.slice(0, 8) : []
  const showPanel = open && enabled

  const choose = (product: Producto) => {
    setOpen(false)
    setText('')
    setActive(-1)
    navigate(`/product/${encodeURIComponent(product._id)}`)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault()
      setOpen(true)
      setActive((i) => (i + 1) % results.length)
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault()
      setActive((i) => (i <= 0 ? results.length - 1 : i - 1))
    } else if (event.key === 'Enter' && active >= 0 && results[active]) {
      event.preventDefault()
      choose(results[active])
    } else if (event.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }

  return (
    <div
      className="relative w-full"
      onBlur={() => {
        blurTimer.current = window.setTimeout(() => setOpen(false), 120)
      }}
      onFocus={() => window.clearTimeout(blurTimer.current)}
    >
      <form role="search" onSubmit={(event) => event.preventDefault()}>
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
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
            setActive(-1)
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-11 w-full rounded-full border-0 bg-white pr-4 pl-11 text-[15px] text-slate-900 shadow-inner ring-1 ring-white/20 placeholder:text-slate-500 focus:ring-2 focus:ring-teal-400 focus:outline-none"
        />
      </form>
      {showPanel ? (
        <div className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl bg-white text-slate-800 shadow-xl ring-1 ring-slate-200">
          {isFetching && results.length === 0 ? (
            <p className="px-4 py-3 text-sm text-slate-500" role="status">
              Buscando…
            </p>
          ) : isError ? (
            <p className="px-4 py-3 text-sm text-rose-700" role="status">
              No pudimos buscar en este momento. Intenta de nuevo.
            </p>
          ) : results.length === 0 ? (
            <p className="px-4 py-3 text-sm text-slate-500" role="status">
              No encontramos productos para «{term}».
            </p>
          ) : null}
          <ul id={listId} role="listbox" aria-label="Resultados de búsqueda" className="max-h-[60vh] overflow-y-auto">
            {results.map((product, index) => {
              const price = productPrice(product)
              return (
                <li
                  key={product._id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(product)}
                  className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${index === active ? 'bg-teal-50' : 'hover:bg-slate-50'}`}
                >
                  <ProductImage
                    src={productImage(product)}
                    alt=""
                    compact
                    className="h-12 w-12 shrink-0 rounded-md border border-slate-100"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{truncate(productTitle(product), 60)}</span>
                    {price ? (
                      <span className="text-xs font-semibold text-brand-800">{formatMoney(price.precioFinal)}</span>
                    ) : null}
                  </span>
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
