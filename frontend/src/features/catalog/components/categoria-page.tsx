import { useDeferredValue } from 'react'
import { useParams } from 'react-router'
import { InfiniteProductoList, ProductoGridSkeleton } from '@/components/infinite-producto-list'
import { NotFoundPage } from '@/components/not-found-page'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { useListProductosInfiniteQuery, type CatalogoQuery } from '@/features/catalog/api'
import { CATEGORIA_DATA_ID, seedCategoria } from '@/features/catalog/categoria-page-data'
import { registerPageSeed } from '@/features/catalog/page-data'
import { resolveCategoria, useListCategoriasQuery } from '@/lib/categorias'

// A category's page, loaded afresh, carries its first screen (the tree and its first products).
registerPageSeed(CATEGORIA_DATA_ID, seedCategoria)

/** Category pages ask for the next page 800 px before the end. */
const SCROLL_MARGIN_PX = 800

/**
 * `/busqueda/:id`: the products of one category (its id, an earlier name or link) and those under it.
 * Any other id is no page of the shop: 'Página no encontrada', not a heading made of the id.
 */
export function CategoriaPage() {
  const { id = '' } = useParams()
  const categorias = useListCategoriasQuery()
  if (!categorias.data) {
    return categorias.isError ? <ProductoGrid title="Categoría" query={{ categoria: id }} /> : <CategoriaLoading />
  }
  const title = resolveCategoria(categorias.data, id)?.nombre
  if (!title) return <NotFoundPage />
  return <ProductoGrid title={title} query={{ categoria: id }} />
}

/**
 * While the category tree loads (the page prerendered for every category, scripts/prerender.mjs,
 * shows this until the app runs): the grid's heading and first cards as skeletons, in their place.
 * Serving the page, the server draws the first cards' pictures in their skeletons.
 */
function CategoriaLoading() {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6" aria-busy="true">
      <span className="sr-only" role="status">
        Cargando…
      </span>
      <Skeleton className="h-7 w-56 sm:h-8" />
      <ProductoGridSkeleton leadsThePage />
    </section>
  )
}

/** `/modern`: the whole catalogue. */
export function AllProductosPage() {
  return <ProductoGrid title="Todos los productos" query={{}} />
}

/** `/ofertas` (the 'Descuentos' tab): discounted products. */
export function OffersPage() {
  return <ProductoGrid title="Descuentos" query={{ categoria: 'descuentos' }} />
}

function ProductoGrid({ title, query }: { title: string; query: CatalogoQuery }) {
  useDocumentTitle(title)
  // The answer is drawn in a deferred render, which React cuts into short slices, not in one long
  // task that holds up the first taps (Total Blocking Time); the loading state shows until then.
  const catalogo = useDeferredValue(useListProductosInfiniteQuery(query))
  const productos = (catalogo.data?.pages ?? []).flatMap((p) => p.products)
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6" aria-labelledby="grid-title">
      <h1 id="grid-title" className="section-title">
        {title}
      </h1>
      <InfiniteProductoList
        productos={productos}
        query={catalogo}
        marginPx={SCROLL_MARGIN_PX}
        cardHeading="h2"
        leadsThePage
        errorMessage="Error al obtener los productos"
        emptyMessage="No hay productos en esta sección por ahora."
      />
    </section>
  )
}
