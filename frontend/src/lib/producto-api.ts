import { api } from '@/lib/api'
import type { ProductoDetalle } from '@/lib/producto'

/**
 * `GET /v1/productos/{id}`, which the product page, the cart (prices and stock of its lines) and
 * the product a page carries (features/catalog/page-data.ts) share.
 */
export const productoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducto: build.query<ProductoDetalle, string>({
      query: (id) => `productos/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Producto', id }],
    }),
  }),
})

export const { useGetProductoQuery } = productoApi
