import { api } from '@/lib/api'
import type { Producto } from '@/lib/product'

/** Page size of product lists (SPEC §9). */
export const PAGE_SIZE = 24

export type ProductPage = { products: Producto[]; hasMore: boolean }

/**
 * Normalises the list answer (SPEC §7): `{products, meta:{hasMore}}`, or a plain list whose
 * length equal to the limit means there may be more; any other shape is an empty last page.
 */
export function toProductPage(body: unknown, limit = PAGE_SIZE): ProductPage {
  if (Array.isArray(body)) return { products: body as Producto[], hasMore: body.length === limit }
  if (body && typeof body === 'object' && Array.isArray((body as { products?: unknown }).products)) {
    const { products, meta } = body as { products: Producto[]; meta?: { hasMore?: boolean } }
    return { products, hasMore: meta?.hasMore ?? products.length === limit }
  }
  return { products: [], hasMore: false }
}

export const catalogHomeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFeaturedProducts: build.infiniteQuery<ProductPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) =>
          lastPage.hasMore ? lastPageParam + 1 : undefined,
      },
      query: ({ pageParam }) => ({
        url: 'productos',
        params: { page: pageParam, limit: PAGE_SIZE, compact: 1 },
      }),
      transformResponse: (body: unknown) => toProductPage(body),
      providesTags: ['Producto'],
      // Home products are kept for 30 minutes (SPEC §9).
      keepUnusedDataFor: 30 * 60,
    }),
  }),
})

export const { useGetFeaturedProductsInfiniteQuery } = catalogHomeApi
