import { useState, type ChangeEvent, type FormEvent } from 'react'
import { ProductImage } from '@/components/product-image'
import { useGetDescuentosQuery } from '@/features/catalog-admin/api'
import { FieldError } from '@/features/catalog-admin/components/field-error'
import { ExtrasFieldset, VariantesFieldset } from '@/features/catalog-admin/components/product-form-lists'
import { CATEGORIAS, IMAGE_TYPES, MAX_IMAGE_BYTES, totalStock, type ProductForm as Form } from '@/features/catalog-admin/form-model'

type Props = {
  id: string
  initial: Form
  errors: Record<string, string>
  onSubmit: (form: Form) => void
}

/** The 'Nuevo Producto' / 'Actualizar Producto' form: fields, variants and extras, image with preview. */
export function ProductForm({ id, initial, errors, onSubmit }: Props) {
  const [f, setF] = useState<Form>(initial)
  const { data: descuentos = [] } = useGetDescuentosQuery()
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((prev) => ({ ...prev, [k]: v }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit(f)
  }
  const text = (k: 'nombre' | 'descripcionCorta' | 'proveedor' | 'marca' | 'modelo' | 'garantia', label: string) => (
    <label className="block">
      <span className="field-label">{label}</span>
      <input className="field-input" value={f[k]} onChange={(e) => set(k, e.target.value)} aria-invalid={Boolean(errors[k])} />
      <FieldError message={errors[k]} />
    </label>
  )

  return (
    <form id={id} onSubmit={submit} noValidate className="max-h-[65vh] space-y-3 overflow-y-auto pr-1 text-sm">
      {text('nombre', 'Nombre')}
      <label className="block">
        <span className="field-label">Descripción</span>
        <textarea className="field-input" rows={3} value={f.descripcion} onChange={(e) => set('descripcion', e.target.value)} />
        <FieldError message={errors.descripcion} />
      </label>
      {text('descripcionCorta', 'Descripción corta')}
      <label className="block">
        <span className="field-label">Categoría</span>
        <select className="field-input" value={f.categoria} onChange={(e) => set('categoria', e.target.value)}>
          {CATEGORIAS.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        <FieldError message={errors.categoria} />
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
        <FieldError message={errors.fechaCompra} />
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
        <FieldError message={errors.descuentoId} />
      </label>
      <ImageField value={f.imagen} error={errors.imagen} onChange={(imagen) => set('imagen', imagen)} />

      <VariantesFieldset items={f.variantes} errors={errors} totalStock={totalStock(f)} onChange={(v) => set('variantes', v)} />

      <ExtrasFieldset items={f.extras} errors={errors} onChange={(x) => set('extras', x)} />
    </form>
  )
}

type ImageFieldProps = {
  /** The stored picture or the data URL of the one just picked. */
  value: string
  error?: string
  onChange: (dataUrl: string) => void
}

/** 'Imagen': the file picker, which refuses other types and pictures over 5 MB, and the preview. */
function ImageField({ value, error, onChange }: ImageFieldProps) {
  const [imageError, setImageError] = useState('')

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
    reader.onload = () => onChange(String(reader.result))
    reader.readAsDataURL(file)
  }

  return (
    <>
      <label className="block">
        <span className="field-label">Imagen</span>
        <input type="file" accept="image/jpeg,image/png,image/webp" onChange={pickImage} />
        {imageError ? <span className="mt-1 block text-xs text-rose-700">{imageError}</span> : null}
        <FieldError message={error} />
      </label>
      {value ? (
        // A stored picture previews in a small size, not its original (up to 5 MB).
        <ProductImage src={value} alt="Vista previa" compact sizes="96px" className="h-24 w-24 rounded border" />
      ) : null}
    </>
  )
}
