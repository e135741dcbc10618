import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { useDocumentTitle } from '@/components/use-document-title'
import { NotFoundPage } from '@/components/not-found-page'
import { Skeleton } from '@/components/skeleton'
import { formatMoney } from '@/lib/money'
import { itemAdded, selectCartItems } from '@/lib/cart-slice'
import {
  productImage,
  productTitle,
  variantDiscount,
  variantFinalPrice,
  type ProductoDetalle,
} from '@/lib/product'
import { useGetProductoQuery } from '@/lib/product-api'
import { toCartItem } from '@/features/catalog/cart-line'
import { ImageCarousel } from '@/features/catalog/components/image-carousel'
import { capQuantity, stockLimit } from '@/features/catalog/stock-limit'

function images(p: ProductoDetalle): string[] {
  const all = [productImage(p), ...(p.details?.imagenes ?? [])].filter((s): s is string => Boolean(s))
  return [...new Set(all)]
}

/** `/product/:id`: the product's detail and 'Agregar al carrito'. */
export function ProductPage() {
  const { id = '' } = useParams()
  const { data: product, isLoading, isError, error } = useGetProductoQuery(id)
  useDocumentTitle(product ? productTitle(product) : 'Producto')

  if (isLoading) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 md:grid-cols-2" aria-busy="true">
        {/* The main picture's box, as ImageCarousel draws it. Serving the page, the server puts
            the product's picture in this slot (pkg/webpage MainImageSlot), so it paints before
            the app has run. */}
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white p-4">
          <div data-imagen-principal="" className="aspect-square w-full animate-pulse rounded-md bg-slate-200" aria-hidden="true" />
        </div>
        <div className="space-y-3">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-10 w-1/3" />
        </div>
      </div>
    )
  }
  if (error && 'status' in error && error.status === 404) return <NotFoundPage />
  if (isError || !product) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12 text-center">
        <p role="alert" className="font-medium text-rose-700">
          Error al cargar los detalles del producto
        </p>
        <Link to="/" className="link mt-4 inline-block">
          Volver a Inicio
        </Link>
      </div>
    )
  }
  return <ProductDetail key={product._id} product={product} />
}

function ProductDetail({ product }: { product: ProductoDetalle }) {
  const dispatch = useAppDispatch()
  const title = productTitle(product)
  const variantes = product.variantes ?? []
  const [variantId, setVariantId] = useState(variantes[0]?._id ?? '')
  const [extraIds, setExtraIds] = useState<string[]>([])
  const [cantidad, setCantidad] = useState(1)
  const [added, setAdded] = useState(false)
  const variant = variantes.find((v) => v._id === variantId) ?? variantes[0]
  const extras = (product.extras ?? []).filter((e) => extraIds.includes(e._id))
  const descuento = variant ? variantDiscount(variant) : 0
  const stock = variant?.stock ?? 0
  // What the cart already holds of this variant counts against its stock.
  const inCart = useAppSelector(
    (s) => selectCartItems(s).find((i) => i.id === variant?._id && i.producto_id === product._id)?.cantidad ?? 0,
  )
  // The stepper never passes the stock: the quantity is capped whenever the variant or the cart changes.
  const { max } = stockLimit(stock, inCart, cantidad)
  const qty = capQuantity(cantidad, max)
  const limit = stockLimit(stock, inCart, qty)
  const features = product.details?.caracteristicas ?? []
  const dims = [
    ['Largo', product.largo],
    ['Ancho', product.ancho],
    ['Alto', product.alto],
  ] as const

  const add = () => {
    if (!variant || qty < 1) return
    dispatch(itemAdded(toCartItem(product, variant, extras, qty), stock))
    setAdded(true)
  }

  const chooseVariant = (id: string) => {
    const next = variantes.find((v) => v._id === id)
    setVariantId(id)
    setAdded(false)
    // Re-capped at once for the new variant; capping the state too keeps it from growing back
    // when the shopper returns to a variant with more stock.
    if (next) setCantidad((n) => Math.min(n, Math.max(0, next.stock ?? 0)))
  }

  return (
    <article className="mx-auto grid max-w-5xl gap-6 px-4 py-6 md:grid-cols-2">
      <ImageCarousel images={images(product)} alt={title} />
      <div className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          {product.marca_logo ? (
            <img src={product.marca_logo} alt={product.marca ?? ''} className="h-8 object-contain" />
          ) : product.marca ? (
            <span className="rounded-full bg-teal-50 px-3 py-1 text-xs font-semibold text-teal-800 uppercase">{product.marca}</span>
          ) : null}
          {descuento > 0 ? (
            <span className="rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">-{Math.round(descuento)}%</span>
          ) : null}
        </div>
        <h1 className="text-xl font-bold text-brand-900 sm:text-2xl">{title}</h1>
        {variant ? (
          <div aria-label="Precio">
            {descuento > 0 ? (
              <p className="text-sm text-slate-500">
                <span className="sr-only">Antes </span>
                <span className="line-through" data-testid="precio-lista">
                  {formatMoney(variant.precioVenta ?? 0)}
                </span>
              </p>
            ) : null}
            <p className="text-3xl font-bold text-brand-900" data-testid="precio-final">
              {formatMoney(variantFinalPrice(variant))}
            </p>
          </div>
        ) : (
          <p className="text-slate-600">Precio no disponible</p>
        )}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {product.marca ? <Row label="Marca" value={product.marca} /> : null}
          {product.modelo ? <Row label="Modelo" value={product.modelo} /> : null}
          {product.garantia ? <Row label="Garantía" value={product.garantia} /> : null}
          <Row label="Existencias" value={stock > 0 ? `${stock} disponibles` : 'Agotado'} />
          {product.sat_key ? <Row label="Clave SAT" value={product.sat_key} /> : null}
          {product.unidad_de_medida?.clave_unidad_sat ? (
            <Row label="Unidad de medida" value={product.unidad_de_medida.clave_unidad_sat} />
          ) : null}
          {dims.map(([label, v]) => (typeof v === 'number' && v > 0 ? <Row key={label} label={label} value={`${v} cm`} /> : null))}
        </dl>
        {variantes.length > 1 ? (
          <label className="text-sm">
            <span className="field-label">Variante</span>
            <select className="field-input" value={variant?._id} onChange={(e) => chooseVariant(e.target.value)}>
              {variantes.map((v) => (
                <option key={v._id} value={v._id}>
                  {[v.talla, v.tamano].filter(Boolean).join(' · ')} — {formatMoney(variantFinalPrice(v))}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {(product.extras ?? []).length > 0 ? (
          <fieldset className="text-sm">
            <legend className="field-label">Extras</legend>
            {(product.extras ?? []).map((e) => (
              <label key={e._id} className="flex items-center gap-2 py-1">
                <input
                  type="checkbox"
                  checked={extraIds.includes(e._id)}
                  onChange={(ev) =>
                    setExtraIds((ids) => (ev.target.checked ? [...ids, e._id] : ids.filter((x) => x !== e._id)))
                  }
                />
                {e.nombre} (+{formatMoney(e.precio)})
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="flex items-center gap-3">
          <div className="flex items-center rounded-full border border-slate-300" role="group" aria-label="Cantidad">
            <button
              type="button"
              aria-label="Quitar uno"
              className="px-3 py-2 disabled:opacity-35"
              disabled={qty <= 0}
              onClick={() => setCantidad(Math.max(0, qty - 1))}
            >
              −
            </button>
            <span className="min-w-8 text-center font-semibold" data-testid="cantidad">
              {qty}
            </span>
            <button
              type="button"
              aria-label="Agregar uno"
              aria-describedby={limit.message ? 'limite-existencias' : undefined}
              className="px-3 py-2 disabled:opacity-35"
              disabled={qty >= max}
              onClick={() => setCantidad(Math.min(qty + 1, max))}
            >
              +
            </button>
          </div>
          <button type="button" className="btn-primary flex-1" disabled={!variant || qty < 1 || max <= 0} onClick={add}>
            Agregar al carrito
          </button>
        </div>
        {limit.message ? (
          <p id="limite-existencias" role="status" className="text-sm font-medium text-amber-800" data-testid="limite-existencias">
            {limit.message}
          </p>
        ) : null}
        {added ? (
          <p role="status" className="text-sm text-teal-800">
            Producto agregado al carrito. <Link to="/carrito" className="link">Ver carrito</Link>
          </p>
        ) : null}
        {product.descripcion ? <p className="text-sm whitespace-pre-line text-slate-700">{product.descripcion}</p> : null}
        {features.length > 0 ? (
          <section>
            <h2 className="font-semibold text-slate-900">Características</h2>
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
              {features.map((f, i) => (
                <li key={i}>{f}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-800">{value}</dd>
    </>
  )
}
