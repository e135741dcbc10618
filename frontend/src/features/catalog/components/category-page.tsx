import { useParams } from 'react-router'
import { InfiniteProductList } from '@/components/infinite-product-list'
import { useDocumentTitle } from '@/components/use-document-title'
import { categoryName } from '@/lib/categories'
import { STORE_CATEGORIES } from '@/features/catalog/store-categories'
import { useGetCatalogPageInfiniteQuery, type CatalogQuery } from '@/features/catalog/api'

/** Category pages ask for the next page 800 px before the end (SPEC §9). */
const SCROLL_MARGIN_PX = 800

function titleOf(id: string): string {
  return STORE_CATEGORIES.find((c) => c.id === id)?.nombre ?? categoryName(id)
}

/** `/busqueda/:id`: the products of one category (storefront id or menu slug). */
export function CategoryPage() {
  const { id = '' } = useParams()
  return <ProductGrid title={titleOf(id)} query={{ categoria: id }} />
}

/** `/modern`: the whole catalogue. */
export function AllProductsPage() {
  return <ProductGrid title="Todos los productos" query={{}} />
}

/** `/ofertas` (the 'Descuentos' tab): discounted products. */
export function OffersPage() {
  return <ProductGrid title="Descuentos" query={{ categoria: 'descuentos' }} />
}

function ProductGrid({ title, query }: { title: string; query: CatalogQuery }) {
  useDocumentTitle(title)
  const catalog = useGetCatalogPageInfiniteQuery(query)
  const products = (catalog.data?.pages ?? []).flatMap((p) => p.products)
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6" aria-labelledby="grid-title">
      <h1 id="grid-title" className="section-title">
        {title}
      </h1>
      <InfiniteProductList
        products={products}
        query={catalog}
        marginPx={SCROLL_MARGIN_PX}
        errorMessage="Error al obtener los productos"
        emptyMessage="No hay productos en esta sección por ahora."
      />
    </section>
  )
}
