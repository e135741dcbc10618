import { Link } from 'react-router'
import { MasIva } from '@/components/mas-iva'
import { ProductoImage } from '@/components/producto-image'
import { formatMoney } from '@/lib/money'
import { isOutOfStock, productoImage, productoPrice, productoTitle, type Producto } from '@/lib/producto'
import { truncate } from '@/lib/text'

/** The heading a card's title is: one level under its grid's own heading (h1 on a category or
 * search page, h2 in a section of the home page), so that headings never skip a level. */
export type CardHeading = 'h2' | 'h3'

type ProductoCardProps = {
  producto: Producto
  heading?: CardHeading
  /** The card is on the page's first screen: its picture loads at once and first (ProductoImage). */
  priority?: boolean
}

/** A product tile of the catalogue grids; the whole card opens `/product/{_id}`. */
export function ProductoCard({ producto, heading: Heading = 'h3', priority = false }: ProductoCardProps) {
  const title = productoTitle(producto)
  const price = productoPrice(producto)
  const hasDescuento = price !== undefined && price.precioFinal < price.precio
  return (
    <Link
      to={`/product/${encodeURIComponent(producto._id)}`}
      className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-teal-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-500"
    >
      <div className="relative bg-white p-3">
        <ProductoImage src={productoImage(producto)} alt={title} priority={priority} className="aspect-square w-full rounded-lg" />
        {hasDescuento && price.descuento > 0 ? (
          <span className="absolute top-2 left-2 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">
            -{price.descuento}%
          </span>
        ) : null}
        {isOutOfStock(producto) ? (
          <span className="absolute top-2 right-2 rounded-full bg-slate-700 px-2 py-0.5 text-xs font-bold text-white">Agotado</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 border-t border-slate-100 p-3">
        {producto.marca ? (
          <span className="text-[11px] font-semibold tracking-wide text-teal-700 uppercase">{producto.marca}</span>
        ) : null}
        <Heading className="text-sm leading-snug font-medium text-slate-800 group-hover:text-brand-800" title={title}>
          {truncate(title, 30)}
        </Heading>
        <div className="mt-auto pt-2">
          {price ? (
            <>
              <p className="h-4 text-xs leading-4 text-slate-500">
                {hasDescuento ? (
                  <>
                    <span className="sr-only">Antes </span>
                    <span className="line-through">{formatMoney(price.precio)}</span>
                  </>
                ) : null}
              </p>
              <p className="text-base font-bold text-brand-900 sm:text-lg">
                {formatMoney(price.precioFinal)} <MasIva />
              </p>
            </>
          ) : (
            <p className="text-sm text-slate-500">Precio no disponible</p>
          )}
        </div>
      </div>
    </Link>
  )
}
