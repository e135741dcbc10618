import type { AppDispatch } from '@/lib/store'
import { productoApi } from '@/lib/producto-api'
import type { ProductoDetalle } from '@/lib/producto'

/** The <script> in which the server sends a product page's product (modules/catalog/pages.go). */
export const PRODUCTO_DATA_ID = 'datos-producto'

/**
 * The JSON of the page's <script id={id}>, which the server writes (pkg/webpage): read once and
 * removed, so that a later visit asks the API as usual. undefined when the page has none, or
 * when it is not JSON after all (the page then asks the API).
 */
export function takePageData(id: string, doc: Document = document): unknown {
  const script = doc.getElementById(id)
  if (!script) return undefined
  script.remove()
  try {
    return JSON.parse(script.textContent ?? '') as unknown
  } catch {
    return undefined
  }
}

/**
 * Puts the product the page carries into the API cache, as `GET /v1/productos/{id}` answers it, so
 * the product page draws at once instead of asking the API first. A page without it is left alone.
 */
export function seedProductoFromPage(dispatch: AppDispatch, doc: Document = document): void {
  const producto = takePageData(PRODUCTO_DATA_ID, doc) as ProductoDetalle | undefined
  if (typeof producto?._id === 'string' && producto._id) {
    void dispatch(productoApi.util.upsertQueryData('getProducto', producto._id, producto))
  }
}
