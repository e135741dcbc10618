import type { AppDispatch } from '@/lib/store'
import { productoApi } from '@/lib/producto-api'
import type { ProductoDetalle } from '@/lib/producto'

/** The <script> in which the server sends a product page's product (modules/catalog/pages.go). */
export const PRODUCTO_DATA_ID = 'datos-producto'

/** Puts the product a page carries into the API cache, as `GET /v1/productos/{id}` answers it. */
export function seedProducto(dispatch: AppDispatch, data: unknown): void {
  const producto = data as ProductoDetalle | null
  if (typeof producto?._id === 'string' && producto._id) {
    dispatch(productoApi.util.upsertQueryEntries([{ endpointName: 'getProducto', arg: producto._id, value: producto }]))
  }
}
