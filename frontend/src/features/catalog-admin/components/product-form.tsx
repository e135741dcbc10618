import { useState, type ChangeEvent, type FormEvent } from 'react'
import { ProductImage } from '@/components/product-image'
import { useGetDescuentosQuery } from '@/features/catalog-admin/api'
import {
  CATEGORIAS,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  TALLAS,
  newExtra,
  newVariant,
  totalStock,
  type ProductForm as Form,
} from '@/features/catalog-admin/form-model'

type Props = {
  id: string
  initial: Form
  errors: Record<string, string>
  onSubmit: (form: Form) => void
}

/** The 'Nuevo Producto' / 'Actualizar Producto' form: fields, variants and extras, image with preview. */
export function ProductForm({ id, initial, errors, onSubmit }: Props) {
  const [f, setF] = useState<Form>(initial)
  const [imageError, setImageError] = useState('')
  const { data: descuentos = [] } = useGetDescuentosQuery()
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((prev) => ({ ...prev, [k]: v }))
  const err = (k: string) => (errors[k] ? <span className="mt-1 block text-xs text-rose-700">{errors[k]}</span> : null)

  const pickImage = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    setImageError('')
    if (!file) return
    if (!IMAGE_TYPES.includes(file.type)) {
      setImageError('La imagen debe ser JPEG, PNG o WebP.')
      return
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setImageError('La imagen pesa más de 5 MB. Elige una imagen más ligera.')
      return
    }
    const reader = new FileReader()
    reader.onload = () => set('imagen', String(reader.result))
    reader.readAsDataURL(file)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit(f)
  }
  const text = (k: 'nombre' | 'descripcionCorta' | 'proveedor' | 'marca' | 'modelo' | 'garantia', label: string) => (
    <label className="block">
      <span className="field-label">{label}</span>
      <input className="field-input" value={f[k]} onChange={(e) => set(k, e.target.value)} aria-invalid={Boolean(errors[k])} />
      {err(k)}
    </label>
  )

  return (
    <form id={id} onSubmit={submit} noValidate className="max-h-[65vh] space-y-3 overflow-y-auto pr-1 text-sm">
      {text('nombre', 'Nombre')}
      <label className="block">
        <span className="field-label">Descripción</span>
        <textarea className="field-input" rows={3} value={f.descripcion} onChange={(e) => set('descripcion', e.target.value)} />
        {err('descripcion')}
      </label>
      {text('descripcionCorta', 'Descripción corta')}
      <label className="block">
        <span className="field-label">Categoría</span>
        <select className="field-input" value={f.categoria} onChange={(e) => set('categoria', e.target.value)}>
          {CATEGORIAS.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        {err('categoria')}
      </label>
      <div className="grid grid-cols-2 gap-2">
        {text('marca', 'Marca')}
        {text('modelo', 'Modelo')}
        {text('garantia', 'Garantía')}
        {text('proveedor', 'Proveedor')}
      </div>
      <label className="block">
        <span className="field-label">Fecha de compra</span>
        <input type="date" className="field-input" value={f.fechaCompra} onChange={(e) => set('fechaCompra', e.target.value)} />
        {err('fechaCompra')}
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={f.favorito} onChange={(e) => set('favorito', e.target.checked)} />
        Favorito
      </label>
      <label className="block">
        <span className="field-label">Descuento</span>
        <select className="field-input" value={f.descuentoId} onChange={(e) => set('descuentoId', e.target.value)}>
          <option value="">Sin descuento</option>
          {descuentos.map((d) => (
            <option key={d._id} value={d._id}>
              {d.name} ({d.percentage}% hasta {d.expirationDate})
            </option>
          ))}
        </select>
        {err('descuentoId')}
      </label>
      <label className="block">
        <span className="field-label">Imagen</span>
        <input type="file" accept="image/jpeg,image/png,image/webp" onChange={pickImage} />
        {imageError ? <span className="mt-1 block text-xs text-rose-700">{imageError}</span> : null}
        {err('imagen')}
      </label>
      {f.imagen ? (
        // A stored picture previews in a small size, not its original (up to 5 MB).
        <ProductImage src={f.imagen} alt="Vista previa" compact sizes="96px" className="h-24 w-24 rounded border" />
      ) : null}

      <fieldset className="rounded-lg border border-slate-200 p-2">
        <legend className="px-1 font-semibold">Variantes (existencias: {totalStock(f)})</legend>
        {err('variantes')}
        {f.variantes.map((v, i) => {
          const upd = (k: keyof typeof v, val: string) =>
            set('variantes', f.variantes.map((x, j) => (j === i ? { ...x, [k]: val } : x)))
          const num = (k: 'stock' | 'precioCompra' | 'precioVenta' | 'descuento', label: string) => (
            <label className="block">
              <span className="field-label">{label}</span>
              <input
                inputMode="numeric"
                className="field-input"
                aria-label={`${label} de la variante ${i + 1}`}
                value={v[k]}
                onChange={(e) => upd(k, e.target.value)}
              />
              {err(`variantes[${i}].${k}`)}
            </label>
          )
          return (
            <div key={v._id ?? `nueva-${i}`} className="mb-2 grid grid-cols-3 gap-2 border-b border-slate-100 pb-2" data-testid="variante">
              <label className="block">
                <span className="field-label">Talla</span>
                <select className="field-input" aria-label={`Talla de la variante ${i + 1}`} value={v.talla} onChange={(e) => upd('talla', e.target.value)}>
                  {TALLAS.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </label>
              <label className="block">
                <span className="field-label">Tamaño</span>
                <input className="field-input" aria-label={`Tamaño de la variante ${i + 1}`} value={v.tamano} onChange={(e) => upd('tamano', e.target.value)} />
              </label>
              {num('stock', 'Existencias')}
              {num('precioCompra', 'Precio de compra')}
              {num('precioVenta', 'Precio de venta')}
              {num('descuento', 'Descuento %')}
              <button
                type="button"
                className="col-span-3 justify-self-end text-xs text-rose-700 underline"
                onClick={() => set('variantes', f.variantes.filter((_, j) => j !== i))}
              >
                Quitar variante {i + 1}
              </button>
            </div>
          )
        })}
        <button type="button" className="btn-secondary" onClick={() => set('variantes', [...f.variantes, newVariant()])}>
          Agregar variante
        </button>
      </fieldset>

      <fieldset className="rounded-lg border border-slate-200 p-2">
        <legend className="px-1 font-semibold">Extras</legend>
        {f.extras.map((x, i) => {
          const upd = (k: 'nombre' | 'precio', val: string) =>
            set('extras', f.extras.map((e, j) => (j === i ? { ...e, [k]: val } : e)))
          return (
            <div key={x._id ?? `extra-${i}`} className="mb-2 grid grid-cols-[1fr_6rem_auto] items-end gap-2">
              <label className="block">
                <span className="field-label">Nombre del extra</span>
                <input className="field-input" aria-label={`Nombre del extra ${i + 1}`} value={x.nombre} onChange={(e) => upd('nombre', e.target.value)} />
                {err(`extras[${i}].nombre`)}
              </label>
              <label className="block">
                <span className="field-label">Precio</span>
                <input inputMode="numeric" className="field-input" aria-label={`Precio del extra ${i + 1}`} value={x.precio} onChange={(e) => upd('precio', e.target.value)} />
                {err(`extras[${i}].precio`)}
              </label>
              <button type="button" className="pb-2 text-xs text-rose-700 underline" onClick={() => set('extras', f.extras.filter((_, j) => j !== i))}>
                Quitar
              </button>
            </div>
          )
        })}
        <button type="button" className="btn-secondary" onClick={() => set('extras', [...f.extras, newExtra()])}>
          Agregar extra
        </button>
      </fieldset>
    </form>
  )
}
