import { api } from '@/lib/api'
import { PAGE_SIZE, toProductosPage, type ProductosPage } from '@/lib/producto'

/** What a catalogue grid asks for: a category (storefront id, menu slug, 'descuentos') or nothing. */
export type CatalogoQuery = { categoria?: string; favorito?: boolean }

export const catalogoApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProductos: build.infiniteQuery<ProductosPage, CatalogoQuery, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: 'productos',
        params: {
          page: pageParam,
          limit: PAGE_SIZE,
          compact: 1,
          ...(queryArg.categoria ? { categoria: queryArg.categoria } : {}),
          ...(queryArg.favorito ? { favorito: 1 } : {}),
        },
      }),
      transformResponse: (body: unknown) => toProductosPage(body),
      providesTags: ['Producto'],
    }),
  }),
})

export const { useListProductosInfiniteQuery } = catalogoApi
