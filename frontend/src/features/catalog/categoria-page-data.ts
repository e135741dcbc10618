import { catalogoApi } from '@/features/catalog/api'
import { categoriasApi, type Categoria } from '@/lib/categorias'
import type { AppDispatch } from '@/lib/store'
import { toProductosPage } from '@/lib/producto'

/** The <script> in which the server sends a category page's first screen (modules/catalog/pages.go). */
export const CATEGORIA_DATA_ID = 'datos-categoria'

/** What the script holds: the category as the address names it, the category tree and its first products. */
type CategoriaPageData = { categoria?: unknown; categorias?: unknown; productos?: unknown } | null

/**
 * Puts a category page's first screen into the API cache as `GET /v1/categorias` and the first
 * page of `GET /v1/productos?categoria=` (the category as the page's address names it) answer it,
 * so the grid draws without asking the API twice first. Data of another shape is left alone.
 */
export function seedCategoria(dispatch: AppDispatch, data: unknown): void {
  const page = data as CategoriaPageData
  if (typeof page?.categoria !== 'string' || !Array.isArray(page.categorias)) return
  dispatch(categoriasApi.util.upsertQueryEntries([{ endpointName: 'listCategorias', arg: undefined, value: page.categorias as Categoria[] }]))
  const productos = page.productos as { products?: unknown } | null | undefined
  if (!Array.isArray(productos?.products)) return // no list after all: the grid asks the API
  const first = { pages: [toProductosPage(productos)], pageParams: [1] }
  dispatch(catalogoApi.util.upsertQueryEntries([{ endpointName: 'listProductos', arg: { categoria: page.categoria }, value: first }]))
}
