import { api } from '@/lib/api'
import { registerErrorMessages, SPEC_MESSAGES } from '@/lib/error-messages'
import { PAGE_SIZE, type Producto } from '@/lib/producto'

/** Searches shorter than this make no call. */
export const MIN_SEARCH_LENGTH = 3

/** The header's suggestions: the first products of the search. */
export const SUGGESTIONS = 8

/** A page of a search: its products (the sold-out ones last), whether more follow, and how many match in all. */
export type SearchPage = { productos: Producto[]; hasMore: boolean; total: number }

type SearchBody = { productos?: Producto[]; meta?: { hasMore?: boolean; total?: number } } | undefined

function toSearchPage(body: SearchBody): SearchPage {
  const productos = Array.isArray(body?.productos) ? body.productos : []
  return { productos, hasMore: body?.meta?.hasMore ?? false, total: body?.meta?.total ?? productos.length }
}

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The header's suggestions and the total for 'Ver todos los resultados'. */
    searchProductos: build.query<SearchPage, string>({
      query: (q) => ({ url: 'productos/search/', params: { q, limit: SUGGESTIONS } }),
      transformResponse: toSearchPage,
    }),
    /** `/busqueda?q=`: every match, a page at a time as the list scrolls, like the category pages. */
    searchProductosPage: build.infiniteQuery<SearchPage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'productos/search/',
        params: { q: queryArg, page: pageParam, limit: PAGE_SIZE },
      }),
      transformResponse: toSearchPage,
    }),
  }),
})

registerErrorMessages({ searchProductosPage: SPEC_MESSAGES.productoPorNombre })

export const { useSearchProductosQuery, useSearchProductosPageInfiniteQuery } = searchApi
