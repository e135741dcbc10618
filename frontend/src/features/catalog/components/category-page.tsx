import { useParams } from 'react-router'
import { LoadMoreSentinel } from '@/components/load-more-sentinel'
import { ProductCard } from '@/components/product-card'
import { ProductCardSkeleton } from '@/components/skeleton'
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
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetching, isFetchingNextPage } =
    useGetCatalogPageInfiniteQuery(query)
  const products = (data?.pages ?? []).flatMap((p) => p.products)
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6" aria-labelledby="grid-title">
      <h1 id="grid-title" className="section-title">
        {title}
      </h1>
      {isError && products.length === 0 ? (
        <div role="alert" className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-center">
          <p className="font-medium text-amber-900">Error al obtener los productos</p>
          <button type="button" className="btn-primary mt-4" onClick={() => refetch()}>
            Reintentar
          </button>
        </div>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-6" aria-busy={isFetching}>
          {isLoading
            ? Array.from({ length: 8 }, (_, i) => (
                <li key={i}>
                  <ProductCardSkeleton />
                </li>
              ))
            : products.map((p) => (
                <li key={p._id}>
                  <ProductCard product={p} />
                </li>
              ))}
          {isFetchingNextPage
            ? Array.from({ length: 4 }, (_, i) => (
                <li key={`more-${i}`}>
                  <ProductCardSkeleton />
                </li>
              ))
            : null}
        </ul>
      )}
      {!isLoading && !isError && products.length === 0 ? (
        <p className="mt-4 text-slate-600">No hay productos en esta sección por ahora.</p>
      ) : null}
      <LoadMoreSentinel
        enabled={Boolean(hasNextPage) && !isFetching && !isError}
        marginPx={SCROLL_MARGIN_PX}
        onReach={() => void fetchNextPage()}
      />
    </section>
  )
}
