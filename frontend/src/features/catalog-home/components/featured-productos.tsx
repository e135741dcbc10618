import { useDeferredValue, useMemo } from 'react'
import { InfiniteProductoList } from '@/components/infinite-producto-list'
import { isOutOfStock } from '@/lib/producto'
import { useListProductosDestacadosInfiniteQuery } from '@/features/catalog-home/api'

/** The next page is asked for 200 px before the end of the list. */
const SCROLL_MARGIN_PX = 200

/** 'Productos Destacados': the infinite list of featured products, without sold-out ones. */
export function FeaturedProductos() {
  // The answer is drawn in a deferred render, which React cuts into short slices, not in one long
  // task that holds up the first taps (Total Blocking Time); the loading state shows until then.
  // The urgent render before it still sees the previous answer: useMemo hands React the same
  // elements, which it skips instead of drawing the list again in one task.
  const featured = useDeferredValue(useListProductosDestacadosInfiniteQuery())
  return useMemo(() => {
    const productos = (featured.data?.pages ?? []).flatMap((page) => page.products).filter((p) => !isOutOfStock(p))
    return (
      <section aria-labelledby="productos-destacados" className="mt-10">
        <h2 id="productos-destacados" className="section-title">
          Productos Destacados
        </h2>
        <InfiniteProductoList
          productos={productos}
          query={featured}
          marginPx={SCROLL_MARGIN_PX}
          errorMessage="No pudimos cargar los productos en este momento."
          emptyMessage="Por ahora no hay productos destacados."
        />
        {featured.isError && productos.length > 0 ? (
          <div className="mt-4 text-center">
            <button type="button" className="btn-secondary" onClick={() => void featured.fetchNextPage()}>
              Cargar más productos
            </button>
          </div>
        ) : null}
      </section>
    )
  }, [featured])
}
