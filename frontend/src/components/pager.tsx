import { useId } from 'react'
import { PAGE_SIZES, rangeText, type PageMeta } from '@/lib/list-state'
import { formatCount } from '@/lib/money'

type PagerProps = {
  /** The answer's meta; nothing is drawn until there is one. */
  meta: PageMeta | undefined
  /** How many items the page holds. */
  shown: number
  onPage: (page: number) => void
  /** Without it, no page-size selector. */
  onLimit?: (limit: number) => void
  sizes?: readonly number[]
  /** A page is being fetched: the buttons wait. */
  busy?: boolean
  /** What the list holds, for screen readers ("órdenes"). */
  label: string
}

/**
 * The pager under every staff list: where we are ("Mostrando 26–50 de 2,013"), 'Anterior' and
 * 'Siguiente', and how many per page. Stacked on a phone, in one row on wider screens; the range
 * is read out when it changes.
 */
export function Pager({ meta, shown, onPage, onLimit, sizes = PAGE_SIZES, busy, label }: PagerProps) {
  const sizeId = useId()
  if (!meta || meta.total === 0) return null
  const pages = Math.max(1, Math.ceil(meta.total / Math.max(1, meta.limit)))
  const page = Math.min(meta.page, pages)
  const hasNext = meta.hasMore || page < pages
  return (
    <nav
      aria-label={`Páginas de ${label}`}
      className="mt-4 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p aria-live="polite" className="font-medium tabular-nums" data-testid="pager-range">
        {rangeText(meta, shown)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {onLimit ? (
          <label htmlFor={sizeId} className="flex items-center gap-2">
            <span className="text-slate-600">Por página</span>
            <select
              id={sizeId}
              className="field-input h-11 w-auto py-1"
              value={meta.limit}
              onChange={(e) => onLimit(Number(e.target.value))}
            >
              {sizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className="flex flex-1 items-center justify-between gap-1 sm:flex-none sm:gap-2">
          <button
            type="button"
            className="btn-secondary min-h-11 px-3.5 disabled:opacity-50 sm:px-4"
            disabled={page <= 1 || busy}
            onClick={() => onPage(page - 1)}
            aria-label="Página anterior"
          >
            Anterior
          </button>
          <span className="px-1 whitespace-nowrap text-slate-600 tabular-nums">
            Página {formatCount(page)} de {formatCount(pages)}
          </span>
          <button
            type="button"
            className="btn-secondary min-h-11 px-3.5 disabled:opacity-50 sm:px-4"
            disabled={!hasNext || busy}
            onClick={() => onPage(page + 1)}
            aria-label="Página siguiente"
          >
            Siguiente
          </button>
        </div>
      </div>
    </nav>
  )
}
