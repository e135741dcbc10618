import { useState, type FormEvent } from 'react'
import { useListDescuentosQuery } from '@/features/catalog-admin/api'
import { FieldError } from '@/features/catalog-admin/components/field-error'
import {
  CaracteristicasFieldset,
  MarcaLogoField,
  PicturesField,
  RecursosFieldset,
} from '@/features/catalog-admin/components/producto-form-details'
import { ExtrasFieldset, VariantesFieldset } from '@/features/catalog-admin/components/producto-form-lists'
import { checkNumbers, totalStock, type ProductoForm as Form } from '@/features/catalog-admin/form-model'
import { CategoriaSelect } from '@/components/categoria-select'
import { shopToday } from '@/lib/dates'

/** The form's dimensions (cm), typed as decimals. */
const DIMENSIONS = new Set(['largo', 'ancho', 'alto'])

type Props = {
  id: string
  initial: Form
  errors: Record<string, string>
  onSubmit: (form: Form) => void
}

/**
 * The 'Nuevo Producto' / 'Actualizar Producto' form: every field of the product (brand and its logo,
 * dimensions, features, resources, pictures in order), its variants and extras.
 */
export function ProductoForm({ id, initial, errors: serverErrors, onSubmit }: Props) {
  const [f, setF] = useState<Form>(initial)
  const [numberErrors, setNumberErrors] = useState<Record<string, string>>({})
  const errors = { ...serverErrors, ...numberErrors }
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((prev) => ({ ...prev, [k]: v }))
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const found = checkNumbers(f)
    setNumberErrors(found)
    if (Object.keys(found).length > 0) {
      // Nothing is sent: the first field to fix gets the focus once the messages are drawn.
      const form = e.currentTarget
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    onSubmit(f)
  }
  type TextKey = 'nombre' | 'descripcionCorta' | 'proveedor' | 'marca' | 'modelo' | 'garantia' | 'largo' | 'ancho' | 'alto'
  const text = (k: TextKey, label: string) => (
    <label className="block">
      <span className="field-label">{label}</span>
      <input className="field-input" inputMode={DIMENSIONS.has(k) ? 'decimal' : undefined} value={f[k]} onChange={(e) => set(k, e.target.value)} aria-invalid={Boolean(errors[k])} />
      <FieldError message={errors[k]} />
    </label>
  )

  return (
    <form id={id} onSubmit={submit} noValidate className="max-h-[65vh] space-y-3 overflow-y-auto pr-1 text-sm">
      <NotSaved errors={numberErrors} />
      {text('nombre', 'Nombre')}
      <label className="block">
        <span className="field-label">Descripción</span>
        <textarea className="field-input" rows={3} value={f.descripcion} onChange={(e) => set('descripcion', e.target.value)} />
        <FieldError message={errors.descripcion} />
      </label>
      {text('descripcionCorta', 'Descripción corta')}
      <label className="block">
        <span className="field-label">Categoría</span>
        <CategoriaSelect value={f.categoria} onChange={(v) => set('categoria', v)} />
        <FieldError message={errors.categoria} />
      </label>
      <div className="grid grid-cols-2 gap-2">
        {text('marca', 'Marca')}
        {text('modelo', 'Modelo')}
        {text('garantia', 'Garantía')}
        {text('proveedor', 'Proveedor')}
      </div>
      <MarcaLogoField value={f.marcaLogo} error={errors.marca_logo} onChange={(v) => set('marcaLogo', v)} />
      <fieldset className="grid grid-cols-3 gap-2">
        <legend className="field-label">Medidas (cm)</legend>
        {text('largo', 'Largo (cm)')}
        {text('ancho', 'Ancho (cm)')}
        {text('alto', 'Alto (cm)')}
      </fieldset>
      <SatFields id={id} satKey={f.satKey} claveUnidad={f.claveUnidad} errors={errors} onChange={(k, v) => set(k, v)} />
      <label className="block">
        <span className="field-label">Fecha de compra</span>
        <input type="date" className="field-input" value={f.fechaCompra} onChange={(e) => set('fechaCompra', e.target.value)} />
        <FieldError message={errors.fechaCompra} />
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={f.favorito} onChange={(e) => set('favorito', e.target.checked)} />
        Favorito
      </label>
      <DescuentoField value={f.descuentoId} kept={initial.descuentoId} error={errors.descuentoId} onChange={(v) => set('descuentoId', v)} />
      <PicturesField value={f.imagenes} errors={errors} onChange={(v) => set('imagenes', v)} />
      <CaracteristicasFieldset items={f.caracteristicas} errors={errors} onChange={(v) => set('caracteristicas', v)} />
      <RecursosFieldset items={f.recursos} errors={errors} onChange={(v) => set('recursos', v)} />

      <VariantesFieldset items={f.variantes} errors={errors} totalStock={totalStock(f)} onChange={(v) => set('variantes', v)} />

      <ExtrasFieldset items={f.extras} errors={errors} onChange={(x) => set('extras', x)} />
    </form>
  )
}

/** 'No se guardó': every message of the checks made before sending, above the form. */
function NotSaved({ errors }: { errors: Record<string, string> }) {
  if (Object.keys(errors).length === 0) return null
  return (
    <div role="alert" className="rounded border border-rose-200 bg-rose-50 p-2 text-rose-800">
      <p className="font-semibold">No se guardó: revisa estos campos.</p>
      <ul className="list-disc pl-5">
        {Object.entries(errors).map(([k, m]) => (
          <li key={k}>{m}</li>
        ))}
      </ul>
    </div>
  )
}

type DescuentoFieldProps = { value: string; kept: string; error?: string; onChange: (id: string) => void }

/**
 * 'Descuento': the discounts still in force (their expiry day included, in the shop's zone). An
 * expired one shows only when the product already has it, marked 'vencido' (it no longer applies).
 */
function DescuentoField({ value, kept, error, onChange }: DescuentoFieldProps) {
  const { data: descuentos = [] } = useListDescuentosQuery()
  const today = shopToday()
  const offered = descuentos.filter((d) => d.expirationDate >= today || d._id === kept)
  return (
    <label className="block">
      <span className="field-label">Descuento</span>
      <select className="field-input" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={Boolean(error)}>
        <option value="">Sin descuento</option>
        {offered.map((d) => (
          <option key={d._id} value={d._id}>
            {d.name} ({d.percentage}% {d.expirationDate >= today ? `hasta ${d.expirationDate}` : 'vencido'})
          </option>
        ))}
      </select>
      <FieldError message={error} />
    </label>
  )
}

/** Clave SAT and Unidad SAT: the keys a CFDI of the product carries (the server checks them against the SAT's catalogues). */
function SatFields({ id, satKey, claveUnidad, errors, onChange }: {
  id: string
  satKey: string
  claveUnidad: string
  errors: Record<string, string>
  onChange: (k: 'satKey' | 'claveUnidad', v: string) => void
}) {
  const f = { satKey, claveUnidad }
  const set = onChange
  return (
    <fieldset className="grid grid-cols-2 gap-2">
      <legend className="field-label">Datos para la factura (SAT)</legend>
      <label className="block">
        <span className="field-label">Clave SAT</span>
        <input
          className="field-input"
          inputMode="numeric"
          maxLength={8}
          placeholder="43222610"
          value={f.satKey}
          onChange={(e) => set('satKey', e.target.value)}
          aria-invalid={Boolean(errors.sat_key)}
          aria-describedby={`${id}-sat-ayuda`}
        />
        <FieldError message={errors.sat_key} />
      </label>
      <label className="block">
        <span className="field-label">Unidad SAT</span>
        <input
          className="field-input"
          maxLength={3}
          placeholder="H87"
          value={f.claveUnidad}
          onChange={(e) => set('claveUnidad', e.target.value)}
          aria-invalid={Boolean(errors['unidad_de_medida.clave_unidad_sat'])}
        />
        <FieldError message={errors['unidad_de_medida.clave_unidad_sat']} />
      </label>
      <p id={`${id}-sat-ayuda`} className="col-span-2 text-xs text-slate-500">
        Clave de producto o servicio (c_ClaveProdServ, 8 dígitos) y clave de unidad (c_ClaveUnidad, por ejemplo H87 Pieza) del
        catálogo del SAT. Sin clave, el producto se factura con la genérica 01010101.
      </p>
    </fieldset>
  )
}
