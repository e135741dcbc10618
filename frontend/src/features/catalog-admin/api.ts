import { api } from '@/lib/api'
import type { Producto } from '@/lib/product'
import type { ProductoAdmin } from '@/lib/product'

export type Descuento = {
  _id: string
  name: string
  description: string
  percentage: number
  expirationDate: string
}
export type DescuentoInput = Omit<Descuento, '_id'>

export type AdminPage = { products: Producto[]; hasMore: boolean; total: number }

const adminApi = api.enhanceEndpoints({ addTagTypes: ['Descuento'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<AdminPage, { titulo: string; page: number }>({
      query: ({ titulo, page }) => ({ url: 'admin/productos', params: { page, limit: 50, ...(titulo ? { titulo } : {}) } }),
      transformResponse: (body: { products?: Producto[]; meta?: { hasMore?: boolean; total?: number } }) => ({
        products: body.products ?? [],
        hasMore: Boolean(body.meta?.hasMore),
        total: body.meta?.total ?? 0,
      }),
      providesTags: ['Producto'],
    }),
    getAdminProducto: build.query<ProductoAdmin, string>({
      query: (id) => `admin/productos/${encodeURIComponent(id)}`,
      providesTags: ['Producto'],
    }),
    createProducto: build.mutation<ProductoAdmin, Record<string, unknown>>({
      query: (body) => ({ url: 'productos', method: 'POST', body }),
      invalidatesTags: ['Producto'],
    }),
    updateProducto: build.mutation<ProductoAdmin, { id: string; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: `productos/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['Producto'],
    }),
    deleteProducto: build.mutation<void, string>({
      query: (id) => ({ url: `productos/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Producto'],
    }),
    getDescuentos: build.query<Descuento[], void>({
      query: () => 'discounts',
      transformResponse: (body: { data?: Descuento[] }) => body.data ?? [],
      providesTags: ['Descuento'],
    }),
    createDescuento: build.mutation<Descuento, DescuentoInput>({
      query: (body) => ({ url: 'discounts', method: 'POST', body }),
      invalidatesTags: ['Descuento', 'Producto'],
    }),
    updateDescuento: build.mutation<Descuento, Descuento>({
      query: ({ _id, ...body }) => ({ url: `discounts/${encodeURIComponent(_id)}`, method: 'PATCH', body }),
      invalidatesTags: ['Descuento', 'Producto'],
    }),
    deleteDescuento: build.mutation<void, string>({
      query: (id) => ({ url: `discounts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Descuento', 'Producto'],
    }),
  }),
})

export const {
  useGetAdminProductsQuery,
  useGetAdminProductoQuery,
  useCreateProductoMutation,
  useUpdateProductoMutation,
  useDeleteProductoMutation,
  useGetDescuentosQuery,
  useCreateDescuentoMutation,
  useUpdateDescuentoMutation,
  useDeleteDescuentoMutation,
} = adminApi

/** The server's Spanish messages per field of a failed save, e.g. {"variantes[0].stock": "..."}. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: { error?: { fields?: Record<string, string> } } }).data
    return data?.error?.fields ?? {}
  }
  return {}
}
