import { api } from '@/lib/api'
import type { Producto } from '@/lib/product'

/** Searches shorter than this make no call (SPEC §5). */
export const MIN_SEARCH_LENGTH = 3

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchProductos: build.query<Producto[], string>({
      query: (q) => ({ url: 'productos/search/', params: { q } }),
      transformResponse: (body: { productos?: Producto[] } | undefined) =>
        Array.isArray(body?.productos) ? body.productos : [],
    }),
  }),
})

export const { useSearchProductosQuery } = searchApi
