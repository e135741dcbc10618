import { useDeferredValue, useMemo } from 'react'
import { useNavigate } from 'react-router'
import { MasIva } from '@/components/mas-iva'
import { ProductoImage } from '@/components/producto-image'
import { formatMoney } from '@/lib/money'
import { productoImage, productoPrice, productoTitle } from '@/lib/producto'
import { truncate } from '@/lib/text'
import { useListProductosDestacadosInfiniteQuery } from '@/features/catalog-home/api'

/** The description preview: its first 20 characters and an ellipsis. */
const DESCRIPTION_TRUNCATED_AT = 20

/** '$X.00 MXN', as the favourites strip writes prices. */
const mxn = (amount: number) => `${formatMoney(amount)} MXN`

/**
 * The favourites strip: products with stock and favorito set, scrolling sideways. The server lists
 * favourites first, so the featured list's first page already holds them (no extra call).
 */
export function FavouritesStrip() {
  const navigate = useNavigate()
  // Drawn in a deferred render, in short slices (as FeaturedProductos).
  const { data } = useDeferredValue(useListProductosDestacadosInfiniteQuery())
  return useMemo(() => {
    const favourites = (data?.pages[0]?.products ?? []).filter((p) => p.favorito && (p.stock ?? 0) > 0)
    if (favourites.length === 0) return null
    return (
      <section aria-labelledby="favoritos" className="mt-10">
        <h2 id="favoritos" className="section-title">
          Favoritos
        </h2>
        <ul className="mt-4 flex snap-x gap-3 overflow-x-auto pb-2">
          {favourites.map((p) => {
            const price = productoPrice(p)
            const title = productoTitle(p)
            const desc = truncate(p.descripcion ?? '', DESCRIPTION_TRUNCATED_AT)
            return (
              <li key={p._id} className="w-44 shrink-0 snap-start">
                <button
                  type="button"
                  className="flex h-full w-full flex-col rounded-2xl border border-slate-200 bg-white p-3 text-left shadow-sm hover:border-teal-300"
                  onClick={() => {
                    // From this strip the page glides to the top, so the router must not jump there.
                    window.scrollTo?.({ top: 0, behavior: 'smooth' })
                    navigate(`/product/${encodeURIComponent(p._id)}`, { preventScrollReset: true })
                  }}
                >
                  <ProductoImage src={productoImage(p)} alt={title} className="aspect-square w-full rounded-lg" />
                  <span className="mt-2 line-clamp-2 text-sm font-medium text-slate-800">{title}</span>
                  {desc ? <span className="text-xs text-slate-500">{desc}</span> : null}
                  {price ? (
                    <span className="mt-auto pt-1">
                      {price.precioFinal < price.precio ? (
                        <span className="block text-xs text-slate-500 line-through">{mxn(price.precio)}</span>
                      ) : null}
                      <span className="block font-bold text-brand-900">
                        {mxn(price.precioFinal)} <MasIva />
                      </span>
                    </span>
                  ) : null}
                </button>
              </li>
            )
          })}
        </ul>
      </section>
    )
  }, [data, navigate])
}
