import { useLayoutEffect } from 'react'
import { catalogoApi } from '@/features/catalog/api'
import { takePageData } from '@/features/catalog/page-data'
import { categoriasApi, type Categoria } from '@/lib/categorias'
import { useAppDispatch } from '@/lib/hooks'
import type { AppDispatch } from '@/lib/store'
import { toProductosPage } from '@/lib/producto'

/** The <script> in which the server sends a category page's first screen (modules/catalog/pages.go). */
export const CATEGORIA_DATA_ID = 'datos-categoria'

/** What the script holds: the category as the address names it, the category tree and its first products. */
type CategoriaPageData = { categoria?: unknown; categorias?: unknown; productos?: unknown }

/**
 * Puts the category page's first screen, which the page carries, into the API cache as
 * `GET /v1/categorias` and the first page of `GET /v1/productos?categoria=` answer it, so the grid
 * draws without asking the API twice first. A page without it, or carrying another category, is
 * left alone.
 */
export function seedCategoriaFromPage(dispatch: AppDispatch, categoria: string, doc: Document = document): void {
  const data = takePageData(CATEGORIA_DATA_ID, doc) as CategoriaPageData | undefined
  if (data?.categoria !== categoria || !Array.isArray(data.categorias)) return
  void dispatch(categoriasApi.util.upsertQueryData('listCategorias', undefined, data.categorias as Categoria[]))
  const productos = data.productos as { products?: unknown } | null | undefined
  if (!Array.isArray(productos?.products)) return // no list after all: the grid asks the API
  void dispatch(catalogoApi.util.upsertQueryData('listProductos', { categoria }, { pages: [toProductosPage(productos)], pageParams: [1] }))
}

/**
 * Seeds the API cache from the page before the screen's queries start: layout effects run before
 * the effects in which they subscribe, so neither asks the API for what the page carries.
 */
export function useCategoriaFromPage(categoria: string): void {
  const dispatch = useAppDispatch()
  useLayoutEffect(() => seedCategoriaFromPage(dispatch, categoria), [dispatch, categoria])
}
