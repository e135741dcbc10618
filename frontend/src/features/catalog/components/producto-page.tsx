import { Link, useParams } from 'react-router'
import { useDocumentTitle } from '@/components/use-document-title'
import { LoadError } from '@/components/load-error'
import { NotFoundPage } from '@/components/not-found-page'
import { MasIva } from '@/components/mas-iva'
import { Skeleton } from '@/components/skeleton'
import { formatMoney } from '@/lib/money'
import { priceLine, type LineMoney } from '@/lib/refund'
import { satUnitName } from '@/lib/sat-units'
import {
  ENTREGA_PROVEEDOR,
  productoImage,
  productoTitle,
  variantDescuento,
  variantFinalPrice,
  type Extra,
  type ProductoDetalle,
  type VarianteDetalle,
} from '@/lib/producto'
import { useGetProductoQuery } from '@/lib/producto-api'
import { registerPageSeed } from '@/features/catalog/page-data'
import { PRODUCTO_DATA_ID, seedProducto } from '@/features/catalog/producto-page-data'
import { useProductoChoice } from '@/features/catalog/use-producto-choice'
import { ImageCarousel } from '@/features/catalog/components/image-carousel'

function images(p: ProductoDetalle): string[] {
  const all = [productoImage(p), ...(p.details?.imagenes ?? [])].filter((s): s is string => Boolean(s))
  return [...new Set(all)]
}

// A product's page, loaded afresh, carries its product.
registerPageSeed(PRODUCTO_DATA_ID, seedProducto)

/** `/product/:id`: the product's detail and 'Agregar al carrito'. */
export function ProductoPage() {
  const { id = '' } = useParams()
  const { data: product, isLoading, isError, error, refetch } = useGetProductoQuery(id)
  useDocumentTitle(product ? productoTitle(product) : 'Producto')

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
        <LoadError error={error} message="Error al cargar los detalles del producto" onRetry={refetch} />
        <Link to="/" className="link mt-4 inline-block">
          Volver a Inicio
        </Link>
      </div>
    )
  }
  return <ProductoDetalleView key={product._id} producto={product} />
}

function ProductoDetalleView({ producto }: { producto: ProductoDetalle }) {
  const title = productoTitle(producto)
  const choice = useProductoChoice(producto)
  const { variantes, variant, qty, max, limit, line } = choice
  const descuento = variant ? variantDescuento(variant) : 0
  const features = producto.details?.caracteristicas ?? []
  const recursos = (producto.details?.recursos ?? []).filter((r) => /^https?:\/\//i.test(r.link))

  return (
    <article className="mx-auto grid max-w-5xl gap-6 px-4 py-6 md:grid-cols-2">
      <ImageCarousel images={images(producto)} alt={title} />
      <div className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          {producto.marca_logo ? (
            <img src={producto.marca_logo} alt={producto.marca ?? ''} className="h-8 object-contain" />
          ) : producto.marca ? (
            <span className="rounded-full bg-teal-50 px-3 py-1 text-xs font-semibold text-teal-800 uppercase">{producto.marca}</span>
          ) : null}
          {descuento > 0 ? (
            <span className="rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">-{Math.round(descuento)}%</span>
          ) : null}
        </div>
        <h1 className="text-xl font-bold text-brand-900 sm:text-2xl">{title}</h1>
        {variant ? <VariantPrice variant={variant} descuento={descuento} /> : <p className="text-slate-600">Precio no disponible</p>}
        <ProductoFacts producto={producto} stock={Math.max(0, variant?.stock ?? 0)} />
        {variantes.length > 1 ? <VariantSelect variantes={variantes} value={variant?._id} onChange={choice.chooseVariant} /> : null}
        {(producto.extras ?? []).length > 0 ? (
          <ExtrasPicker extras={producto.extras ?? []} chosen={choice.extraIds} onToggle={choice.toggleExtra} />
        ) : null}
        {line && qty > 0 && (qty > 1 || choice.extras.length > 0) ? (
          <ChoiceTotal line={line} qty={qty} extras={choice.extras.length} />
        ) : null}
        <div className="flex items-center gap-3">
          <QuantityStepper qty={qty} max={max} limited={Boolean(limit.message)} onChange={choice.setQuantity} />
          <button type="button" className="btn-primary flex-1" disabled={!variant || qty < 1 || max <= 0} onClick={choice.add}>
            Agregar al carrito
          </button>
        </div>
        {limit.message ? (
          <p id="limite-existencias" role="status" className="text-sm font-medium text-amber-800" data-testid="limite-existencias">
            {limit.message}
          </p>
        ) : null}
        {choice.added ? (
          <p role="status" className="text-sm text-teal-800">
            Producto agregado al carrito. <Link to="/carrito" className="link">Ver carrito</Link>
          </p>
        ) : null}
        {producto.descripcion ? <p className="text-sm whitespace-pre-line text-slate-700">{producto.descripcion}</p> : null}
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
        {recursos.length > 0 ? (
          <section>
            <h2 className="font-semibold text-slate-900">Recursos</h2>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {recursos.map((r, i) => (
                <li key={i}>
                  <a href={r.link} target="_blank" rel="noopener noreferrer nofollow" className="link">
                    {r.nombre}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  )
}

/**
 * The variant's final price 'más IVA', after its list price when it is discounted, and the price
 * with IVA: one unit priced as the cart prices a line (lib/refund), so both agree to the centavo.
 */
function VariantPrice({ variant, descuento }: { variant: VarianteDetalle; descuento: number }) {
  const final = variantFinalPrice(variant)
  return (
    <div aria-label="Precio">
      {descuento > 0 ? (
        <p className="text-sm text-slate-500">
          <span className="sr-only">Antes </span>
          <span className="line-through" data-testid="precio-lista">
            {formatMoney(variant.precioVenta ?? 0)}
          </span>
        </p>
      ) : null}
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold text-brand-900" data-testid="precio-final">
          {formatMoney(final)}
        </span>{' '}
        <MasIva className="text-sm" />
      </p>
      <p className="text-sm text-slate-700" data-testid="precio-con-iva">
        {formatMoney(priceLine(final, 1).total / 100)} con IVA
      </p>
    </div>
  )
}

/** What the choice costs (quantity and extras), before and with IVA, as the cart will say it. */
function ChoiceTotal({ line, qty, extras }: { line: LineMoney; qty: number; extras: number }) {
  const what = `${qty} ${qty === 1 ? 'pieza' : 'piezas'}${extras > 0 ? (extras === 1 ? ' con 1 extra' : ` con ${extras} extras`) : ''}`
  return (
    <p role="status" className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="total-eleccion">
      <span className="font-semibold">Total ({what}): </span>
      <span className="font-bold text-brand-900">{formatMoney(line.base / 100)}</span> <MasIva />
      <span className="block">{formatMoney(line.total / 100)} con IVA</span>
    </p>
  )
}

/** The shop's own units; with none, whether the distributor has some (a longer delivery). */
function stockText(stock: number, conProveedor: number | undefined): string {
  if (stock > 0) return `${stock} disponibles`
  if ((conProveedor ?? 0) > 0) return ENTREGA_PROVEEDOR
  return 'Agotado'
}

/** Brand, model, warranty, stock, SAT keys and size, each when the product has it. */
function ProductoFacts({ producto, stock }: { producto: ProductoDetalle; stock: number }) {
  const dims = [
    ['Largo', producto.largo],
    ['Ancho', producto.ancho],
    ['Alto', producto.alto],
  ] as const
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
      {producto.marca ? <Row label="Marca" value={producto.marca} /> : null}
      {producto.modelo ? <Row label="Modelo" value={producto.modelo} /> : null}
      {producto.garantia ? <Row label="Garantía" value={producto.garantia} /> : null}
      <Row label="Existencias" value={stockText(stock, producto.disponibleConProveedor)} />
      {producto.sat_key ? <Row label="Clave SAT" value={producto.sat_key} /> : null}
      {producto.unidad_de_medida?.clave_unidad_sat ? (
        <Row label="Unidad de medida" value={satUnitName(producto.unidad_de_medida.clave_unidad_sat)} />
      ) : null}
      {dims.map(([label, v]) => (typeof v === 'number' && v > 0 ? <Row key={label} label={label} value={`${v} cm`} /> : null))}
    </dl>
  )
}

/** A variant in its selector: size, price, and 'Agotado' when none is left. */
function variantLabel(v: VarianteDetalle): string {
  const parts = [[v.talla, v.tamano].filter(Boolean).join(' · '), formatMoney(variantFinalPrice(v))]
  if ((v.stock ?? 0) <= 0) parts.push('Agotado')
  return parts.join(' — ')
}

type VariantSelectProps = { variantes: VarianteDetalle[]; value: string | undefined; onChange: (id: string) => void }

function VariantSelect({ variantes, value, onChange }: VariantSelectProps) {
  return (
    <label className="text-sm">
      <span className="field-label">Variante</span>
      <select className="field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {variantes.map((v) => (
          <option key={v._id} value={v._id}>
            {variantLabel(v)}
          </option>
        ))}
      </select>
    </label>
  )
}

type ExtrasPickerProps = { extras: Extra[]; chosen: string[]; onToggle: (id: string, checked: boolean) => void }

function ExtrasPicker({ extras, chosen, onToggle }: ExtrasPickerProps) {
  return (
    <fieldset className="text-sm">
      <legend className="field-label">Extras</legend>
      {extras.map((e) => (
        <label key={e._id} className="flex items-center gap-2 py-1">
          <input type="checkbox" checked={chosen.includes(e._id)} onChange={(ev) => onToggle(e._id, ev.target.checked)} />
          {e.nombre} (+{formatMoney(e.precio)})
        </label>
      ))}
    </fieldset>
  )
}

type QuantityStepperProps = {
  qty: number
  max: number
  /** The stock limit's message shows, and describes '+'. */
  limited: boolean
  onChange: (cantidad: number) => void
}

function QuantityStepper({ qty, max, limited, onChange }: QuantityStepperProps) {
  return (
    <div className="flex items-center rounded-full border border-slate-300" role="group" aria-label="Cantidad">
      <button
        type="button"
        aria-label="Quitar uno"
        className="flex h-11 min-w-11 items-center justify-center px-3 disabled:opacity-35"
        disabled={qty <= 0}
        onClick={() => onChange(Math.max(0, qty - 1))}
      >
        −
      </button>
      <span className="min-w-8 text-center font-semibold" data-testid="cantidad">
        {qty}
      </span>
      <button
        type="button"
        aria-label="Agregar uno"
        aria-describedby={limited ? 'limite-existencias' : undefined}
        className="flex h-11 min-w-11 items-center justify-center px-3 disabled:opacity-35"
        disabled={qty >= max}
        onClick={() => onChange(Math.min(qty + 1, max))}
      >
        +
      </button>
    </div>
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
