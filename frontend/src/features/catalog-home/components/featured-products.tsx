import { LoadMoreSentinel } from '@/components/load-more-sentinel'
import { ProductCard } from '@/components/product-card'
import { ProductCardSkeleton } from '@/components/skeleton'
import { isOutOfStock } from '@/lib/product'
import { useGetFeaturedProductsInfiniteQuery } from '@/features/catalog-home/api'

/** Skeleton cards while the first page loads (SPEC §9). */
const SKELETONS = 8
/** The next page is asked for 200 px before the end of the list (SPEC §9). */
const SCROLL_MARGIN_PX = 200

/** 'Productos Destacados': the infinite list of featured products, without sold-out ones. */
export function FeaturedProducts() {
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetching } =
    useGetFeaturedProductsInfiniteQuery()
  const products = (data?.pages ?? []).flatMap((page) => page.products).filter((p) => !isOutOfStock(p))

  return (
    <section aria-labelledby="productos-destacados" className="mt-10">
      <h2 id="productos-destacados" className="section-title">
        Productos Destacados
      </h2>
      {isError && products.length === 0 ? (
        <div role="alert" className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-center">
          <p className="font-medium text-amber-900">
            No pudimos cargar los productos en este momento. Revisa tu conexión e inténtalo de nuevo.
          </p>
          <button type="button" className="btn-primary mt-4" onClick={() => refetch()}>
            Reintentar
          </button>
        </div>
      ) : (
        <ul
          className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-6"
          aria-busy={isFetching}
        >
          {isLoading
            ? Array.from({ length: SKELETONS }, (_, i) => (
                <li key={i}>
                  <ProductCardSkeleton />
                </li>
              ))
            : products.map((product) => (
                <li key={product._id}>
                  <ProductCard product={product} />
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
        <p className="mt-4 text-slate-600">Por ahora no hay productos destacados.</p>
      ) : null}
      <LoadMoreSentinel
        enabled={Boolean(hasNextPage) && !isFetching && !isError}
        marginPx={SCROLL_MARGIN_PX}
        onReach={() => void fetchNextPage()}
      />
      {isError && products.length > 0 ? (
        <div className="mt-4 text-center">
          <button type="button" className="btn-secondary" onClick={() => void fetchNextPage()}>
            Cargar más productos
          </button>
        </div>
      ) : null}
    </section>
  )
}
