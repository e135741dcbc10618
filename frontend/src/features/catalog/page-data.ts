import type { AppDispatch } from '@/lib/store'
import { productoApi } from '@/lib/producto-api'
import type { ProductoDetalle } from '@/lib/producto'

/** The <script> in which the server sends a product page's product (modules/catalog/pages.go). */
export const PRODUCTO_DATA_ID = 'datos-producto'

/**
 * Puts the product the page carries into the API cache, as `GET /v1/productos/{id}` answers it, so
 * the product page draws at once instead of asking the API first. The script is read once and
 * removed: a later visit to the page asks the API as usual. A page without it is left alone.
 */
export function seedProductoFromPage(dispatch: AppDispatch, doc: Document = document): void {
  const script = doc.getElementById(PRODUCTO_DATA_ID)
  if (!script) return
  script.remove()
  let producto: ProductoDetalle
  try {
    producto = JSON.parse(script.textContent ?? '') as ProductoDetalle
  } catch {
    return // not JSON after all: the page asks the API
  }
  if (typeof producto?._id === 'string' && producto._id) {
    void dispatch(productoApi.util.upsertQueryData('getProducto', producto._id, producto))
  }
}
