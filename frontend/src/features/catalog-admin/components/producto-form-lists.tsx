import { FieldError } from '@/features/catalog-admin/components/field-error'
import { TALLAS, newExtra, newVariant, type ExtraForm, type VarianteForm } from '@/features/catalog-admin/form-model'

type ListProps<T> = {
  items: T[]
  errors: Record<string, string>
  onChange: (items: T[]) => void
}

/** 'Variantes': one row per variant (talla, tamaño, stock, minimum, prices, discount), with the total stock in the legend. */
export function VariantesFieldset({ items, errors, onChange, totalStock }: ListProps<VarianteForm> & { totalStock: number }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-2">
      <legend className="px-1 font-semibold">Variantes (existencias: {totalStock})</legend>
      <FieldError message={errors.variantes} />
      {items.map((v, i) => (
        <VarianteRow
          key={v._id ?? `nueva-${i}`}
          variante={v}
          index={i}
          errors={errors}
          onChange={(next) => onChange(items.map((x, j) => (j === i ? next : x)))}
          onRemove={() => onChange(items.filter((_, j) => j !== i))}
        />
      ))}
      <button type="button" className="btn-secondary" onClick={() => onChange([...items, newVariant()])}>
        Agregar variante
      </button>
    </fieldset>
  )
}

type VarianteRowProps = {
  variante: VarianteForm
  index: number
  errors: Record<string, string>
  onChange: (v: VarianteForm) => void
  onRemove: () => void
}

function VarianteRow({ variante: v, index: i, errors, onChange, onRemove }: VarianteRowProps) {
  const upd = (k: keyof VarianteForm, val: string) => onChange({ ...v, [k]: val })
  const num = (k: 'stock' | 'minimo' | 'precioCompra' | 'precioVenta' | 'descuento', label: string) => (
    <label className="block">
      <span className="field-label">{label}</span>
      <input
        inputMode={k === 'stock' || k === 'minimo' ? 'numeric' : 'decimal'}
        className="field-input"
        aria-label={`${label} de la variante ${i + 1}`}
        aria-invalid={Boolean(errors[`variantes[${i}].${k}`])}
        value={v[k]}
        onChange={(e) => upd(k, e.target.value)}
      />
      <FieldError message={errors[`variantes[${i}].${k}`]} />
    </label>
  )
  return (
    <div className="mb-2 grid grid-cols-3 gap-2 border-b border-slate-100 pb-2" data-testid="variante">
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
      {num('minimo', 'Mínimo')}
      {num('precioCompra', 'Precio de compra')}
      {num('precioVenta', 'Precio de venta')}
      {num('descuento', 'Descuento %')}
      <button type="button" className="col-span-3 justify-self-end text-xs text-rose-700 underline" onClick={onRemove}>
        Quitar variante {i + 1}
      </button>
    </div>
  )
}

/** 'Extras': name and price of each extra the shopper may add. */
export function ExtrasFieldset({ items, errors, onChange }: ListProps<ExtraForm>) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-2">
      <legend className="px-1 font-semibold">Extras</legend>
      {items.map((x, i) => {
        const upd = (k: 'nombre' | 'precio', val: string) => onChange(items.map((e, j) => (j === i ? { ...e, [k]: val } : e)))
        return (
          <div key={x._id ?? `extra-${i}`} className="mb-2 grid grid-cols-[1fr_6rem_auto] items-end gap-2">
            <label className="block">
              <span className="field-label">Nombre del extra</span>
              <input className="field-input" aria-label={`Nombre del extra ${i + 1}`} value={x.nombre} onChange={(e) => upd('nombre', e.target.value)} />
              <FieldError message={errors[`extras[${i}].nombre`]} />
            </label>
            <label className="block">
              <span className="field-label">Precio</span>
              <input
                inputMode="decimal"
                className="field-input"
                aria-label={`Precio del extra ${i + 1}`}
                aria-invalid={Boolean(errors[`extras[${i}].precio`])}
                value={x.precio}
                onChange={(e) => upd('precio', e.target.value)}
              />
              <FieldError message={errors[`extras[${i}].precio`]} />
            </label>
            <button type="button" className="pb-2 text-xs text-rose-700 underline" onClick={() => onChange(items.filter((_, j) => j !== i))}>
              Quitar
            </button>
          </div>
        )
      })}
      <button type="button" className="btn-secondary" onClick={() => onChange([...items, newExtra()])}>
        Agregar extra
      </button>
    </fieldset>
  )
}
