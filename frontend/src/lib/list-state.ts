import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { formatCount } from '@/lib/money'

/** The `meta` of every paged staff list (`{"<items>": [...], "meta": {...}}`). */
export type PageMeta = { page: number; limit: number; total: number; hasMore: boolean }

/** Page sizes offered by the pager; the server takes 1..100. */
export const PAGE_SIZES = [10, 25, 50, 100] as const
const DEFAULT_LIMIT = 25

/** A list's filters, each a text; '' means "not set". */
export type ListFilters = Record<string, string>

export type ListState<F extends ListFilters> = F & { page: number; limit: number }

/** What a change may set: filters (the page goes back to 1 unless given), the page, the size. */
type ListPatch<F extends ListFilters> = Partial<F> & { page?: number; limit?: number }

function positiveInt(raw: string | null, fallback: number): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return fallback
  const n = Number(raw)
  return n >= 1 ? n : fallback
}

/** A meta read from any answer: missing numbers become safe ones. */
export function readMeta(meta: Partial<PageMeta> | undefined, fallback: { page: number; limit: number }): PageMeta {
  return {
    page: meta?.page ?? fallback.page,
    limit: meta?.limit ?? fallback.limit,
    total: meta?.total ?? 0,
    hasMore: Boolean(meta?.hasMore),
  }
}

/** The address after `patch`: defaults and page 1 left out; no page given means page 1. */
function applyPatch(prev: URLSearchParams, patch: ListPatch<ListFilters>, defaults: ListFilters, defaultLimit: number) {
  const next = new URLSearchParams(prev)
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'page' || key === 'limit') continue
    const text = String(value ?? '')
    if (text === (defaults[key] ?? '')) next.delete(key)
    else next.set(key, text)
  }
  if (patch.limit !== undefined) {
    if (patch.limit === defaultLimit) next.delete('limit')
    else next.set('limit', String(patch.limit))
  }
  if (patch.page !== undefined && patch.page > 1) next.set('page', String(patch.page))
  else next.delete('page')
  return next
}

/**
 * A list's search, filters, sort and page, kept in the address (`?q=..&pago=..&page=2`) so a
 * reload, a shared link or the back button keeps them. A value equal to its default is left out of
 * the address. Changing any filter goes back to page 1. `defaults` must keep its identity (a module
 * constant or a memo).
 */
export function useListState<F extends ListFilters>(defaults: F, defaultLimit: number = DEFAULT_LIMIT) {
  const [params, setParams] = useSearchParams()
  const state = useMemo(() => {
    const values: ListFilters = {}
    for (const key of Object.keys(defaults)) values[key] = params.get(key) ?? defaults[key]
    const limit = positiveInt(params.get('limit'), defaultLimit)
    return {
      ...(values as F),
      page: positiveInt(params.get('page'), 1),
      limit: Math.min(limit, 100),
    } as ListState<F>
  }, [params, defaults, defaultLimit])

  // React Router's functional setSearchParams starts from the params of the last render, so two
  // changes before the next render (a search settling as a date is picked) would lose the first.
  // Each change starts from the latest one asked for instead.
  const latest = useRef(params)
  useLayoutEffect(() => {
    // The address moved (our change landed, or the back button): start from it. A layout effect,
    // so it runs before any effect of the list that may change the address again.
    latest.current = params
  }, [params])
  const update = useCallback(
    (patch: ListPatch<F>) => {
      const next = applyPatch(latest.current, patch, defaults, defaultLimit)
      latest.current = next
      setParams(next, { replace: true })
    },
    [setParams, defaults, defaultLimit],
  )
  /** Back to the defaults (no search, no filters, page 1), then `patch`. */
  const reset = useCallback(
    (patch: ListPatch<F> = {}) => {
      const next = applyPatch(new URLSearchParams(), patch, defaults, defaultLimit)
      latest.current = next
      setParams(next, { replace: true })
    },
    [setParams, defaults, defaultLimit],
  )

  return [state, update, reset] as const
}

/** A page past the last one (the list shrank, or an old link): go to the last page that exists. */
export function useClampPage(meta: PageMeta | undefined, page: number, setPage: (page: number) => void) {
  const last = meta ? Math.max(1, Math.ceil(meta.total / Math.max(1, meta.limit))) : 1
  useEffect(() => {
    if (meta && page > last) setPage(last)
  }, [meta, page, last, setPage])
}

/** The filters worth sending: '' values left out. */
export function presentParams(values: Record<string, string | number | undefined>): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') out[key] = value
  }
  return out
}

/** True when any filter differs from its default. */
export function hasFilters<F extends ListFilters>(state: F, defaults: F, keys: (keyof F)[] = Object.keys(defaults)): boolean {
  return keys.some((k) => state[k] !== defaults[k])
}

/** "Mostrando 1–25 de 2,013": where a page sits in its list. */
export function rangeText(meta: PageMeta, shown: number): string {
  if (meta.total === 0 || shown === 0) return 'Sin resultados'
  const first = (meta.page - 1) * meta.limit + 1
  const last = first + shown - 1
  return `Mostrando ${formatCount(first)}–${formatCount(last)} de ${formatCount(meta.total)}`
}

/** One choice of a filter or sort select. */
export type Option = { value: string; label: string }

/** Plain options whose label is their value. */
export const options = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }))
