import { api } from '@/lib/api'
import { readItem, removeItem, writeItem } from '@/lib/storage'
import { PAGE_SIZE, toProductosPage, type ProductosPage } from '@/lib/producto'

/** Browser storage key and lifetime of the home products cache. */
export const HOME_CACHE_KEY = 'home_products_cache_v3'
export const HOME_CACHE_MS = 30 * 60 * 1000

function readHomeCache(now = Date.now()): ProductosPage | null {
  try {
    const raw = readItem(HOME_CACHE_KEY)
    if (!raw) return null
    const { t, page } = JSON.parse(raw) as { t?: number; page?: ProductosPage }
    if (typeof t === 'number' && now - t < HOME_CACHE_MS && page && Array.isArray(page.products)) return page
  } catch {
    // Corrupt: dropped below.
  }
  removeItem(HOME_CACHE_KEY)
  return null
}

function writeHomeCache(page: ProductosPage) {
  writeItem(HOME_CACHE_KEY, JSON.stringify({ t: Date.now(), page }))
}

export const catalogoHomeApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProductosDestacados: build.infiniteQuery<ProductosPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) =>
          lastPage.hasMore ? lastPageParam + 1 : undefined,
      },
      // The first page is also kept in browser storage for 30 minutes, so a return
      // visit shows the home at once without asking the server.
      queryFn: async ({ pageParam }, _api, _extra, baseQuery) => {
        if (pageParam === 1) {
          const cached = readHomeCache()
          if (cached) return { data: cached }
        }
        const res = await baseQuery({ url: 'productos', params: { page: pageParam, limit: PAGE_SIZE, compact: 1 } })
        if (res.error) return { error: res.error }
        const page = toProductosPage(res.data)
        if (pageParam === 1) writeHomeCache(page)
        return { data: page }
      },
      providesTags: ['Producto'],
      // Home products are kept for 30 minutes.
      keepUnusedDataFor: 30 * 60,
    }),
  }),
})

export const { useListProductosDestacadosInfiniteQuery } = catalogoHomeApi
