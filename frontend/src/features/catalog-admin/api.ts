import { api } from '@/lib/api'
import { presentParams, readMeta, type PageMeta } from '@/lib/list-state'
import type { Producto } from '@/lib/producto'
import type { ProductoAdmin } from '@/lib/producto'

export type Descuento = {
  _id: string
  name: string
  description: string
  percentage: number
  expirationDate: string
  /** Raised by every edit; an edit sends the version it was read at, and one made since refuses it (409). */
  version?: number
}
export type DescuentoInput = Omit<Descuento, '_id'>

export type AdminPage = { products: Producto[]; meta: PageMeta }

/**
 * `GET /v1/admin/productos`: `titulo` (name), `categoria` (an admin category), `orden` (`nombre`,
 * `-stock`, `stock`, `-updatedAt`), `archivados` ('1': only the archived ones); '' = not set.
 */
export type AdminProductosArgs = { titulo: string; categoria: string; orden: string; archivados?: string; page: number; limit: number }

const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProductosAdmin: build.query<AdminPage, AdminProductosArgs>({
      query: (args) => ({ url: 'admin/productos', params: presentParams(args) }),
      transformResponse: (body: { products?: Producto[]; meta?: Partial<PageMeta> }, _m, args) => ({
        products: body.products ?? [],
        meta: readMeta(body.meta, args),
      }),
      providesTags: ['Producto'],
    }),
    getProductoAdmin: build.query<ProductoAdmin, string>({
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
    /** Archives (hides from the shop) or restores a product. */
    setArchivado: build.mutation<ProductoAdmin, { id: string; archivado: boolean }>({
      query: ({ id, archivado }) => ({ url: `productos/${encodeURIComponent(id)}/${archivado ? 'archivar' : 'restaurar'}`, method: 'POST' }),
      invalidatesTags: ['Producto'],
    }),
    listDescuentos: build.query<Descuento[], void>({
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
  useListProductosAdminQuery,
  useGetProductoAdminQuery,
  useCreateProductoMutation,
  useUpdateProductoMutation,
  useDeleteProductoMutation,
  useSetArchivadoMutation,
  useListDescuentosQuery,
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
