import { useState, type FormEvent } from 'react'
import { Dialog, FormDialog } from '@/components/dialog'
import { Field, FormField } from '@/components/form-field'
import { apiErrorMessage, serverFieldErrors } from '@/lib/api-errors'
import { productoTitle, type ProductoAdmin } from '@/lib/producto'
import { useGetProductoAdminQuery } from '@/features/catalog-admin/api'
import { FieldError } from '@/features/catalog-admin/components/field-error'
import { useCreateAjusteInventarioMutation, type Movimiento, type TipoAjuste } from '@/features/catalog-admin/inventario-api'
import { TIPOS_AJUSTE, WHOLE_UNITS, checkAjuste, unitsAfter, varianteLabel, type Ajuste } from '@/features/catalog-admin/inventario-labels'

type Props = {
  productoId: string
  /** The variant to start with; the product's first when absent. */
  varianteId?: string
  onClose: () => void
  /** Called with the stored movement before the dialog closes. */
  onDone?: (m: Movimiento) => void
}

/** 'Ajustar inventario': one variant's units in (entrada, devolución), out (merma) or counted, with a reason. */
export function AjustarInventarioDialog({ productoId, varianteId, onClose, onDone }: Props) {
  const { data, isError } = useGetProductoAdminQuery(productoId)
  if (!data) {
    return (
      <Dialog open onClose={onClose} title="Ajustar inventario">
        <p className={isError ? 'text-rose-700' : 'text-slate-500'}>{isError ? 'Error al obtener un producto' : 'Cargando…'}</p>
      </Dialog>
    )
  }
  return <AjusteForm producto={data} initialVariant={varianteId} onClose={onClose} onDone={onDone} />
}

type FormProps = { producto: ProductoAdmin; initialVariant?: string; onClose: () => void; onDone?: (m: Movimiento) => void }

function AjusteForm({ producto, initialVariant, onClose, onDone }: FormProps) {
  const variantes = producto.variantes ?? []
  const [varianteId, setVarianteId] = useState(initialVariant ?? variantes[0]?._id ?? '')
  const [form, setForm] = useState<Omit<Ajuste, 'stock'>>({ tipo: 'entrada', cantidad: '', motivo: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState('')
  const [ajustar, state] = useCreateAjusteInventarioMutation()
  const stock = variantes.find((v) => v._id === varianteId)?.stock ?? 0
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }))

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const found = checkAjuste({ ...form, stock })
    setErrors(found)
    setFailure('')
    if (Object.keys(found).length > 0) return
    const res = await ajustar({ productoId: producto._id, varianteId, tipo: form.tipo, cantidad: Number(form.cantidad), motivo: form.motivo.trim() })
    if (res.error) {
      setErrors(serverFieldErrors(res.error))
      setFailure(apiErrorMessage(res.error, 'Error al ajustar el inventario'))
      return
    }
    onDone?.(res.data)
    onClose()
  }

  return (
    <FormDialog
      title="Ajustar inventario"
      description={productoTitle(producto)}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Guardar ajuste"
      busyLabel="Guardando…"
      busy={state.isLoading}
      className="space-y-4"
    >
      {failure ? (
        <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {failure}
        </p>
      ) : null}
      {variantes.length > 1 ? (
        <Field label="Variante">
          {(id) => (
            <select id={id} className="field-input" value={varianteId} onChange={(e) => setVarianteId(e.target.value)}>
              {variantes.map((v) => (
                <option key={v._id} value={v._id}>
                  {`${varianteLabel(v) || 'Variante'} (existencias: ${v.stock ?? 0})`}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <FieldError message={errors.varianteId} />
      <TipoFieldset tipo={form.tipo} onChange={(tipo) => set({ tipo })} error={errors.tipo} />
      <AjusteAmounts form={form} stock={stock} errors={errors} onChange={set} />
    </FormDialog>
  )
}

function TipoFieldset({ tipo, onChange, error }: { tipo: TipoAjuste; onChange: (t: TipoAjuste) => void; error?: string }) {
  return (
    <fieldset>
      <legend className="field-label">Tipo de ajuste</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {TIPOS_AJUSTE.map((t) => (
          <label
            key={t.tipo}
            className={`flex cursor-pointer gap-2 rounded-xl border p-2 text-sm ${tipo === t.tipo ? 'border-teal-500 bg-teal-50' : 'border-slate-200'}`}
          >
            <input type="radio" name="tipo" value={t.tipo} checked={tipo === t.tipo} onChange={() => onChange(t.tipo)} className="mt-1" />
            <span>
              <span className="block font-medium">{t.label}</span>
              <span className="block text-xs text-slate-600">{t.hint}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError message={error} />
    </fieldset>
  )
}

type AmountsProps = {
  form: Omit<Ajuste, 'stock'>
  stock: number
  errors: Record<string, string>
  onChange: (patch: Partial<Omit<Ajuste, 'stock'>>) => void
}

/** Quantity, what the units become, and the reason. */
function AjusteAmounts({ form, stock, errors, onChange }: AmountsProps) {
  const c = form.cantidad.trim()
  const after = unitsAfter(form.tipo, stock, WHOLE_UNITS.test(c) ? Number(c) : null)
  return (
    <>
      <FormField
        label={form.tipo === 'conteo' ? 'Piezas contadas' : 'Cantidad (piezas)'}
        inputMode="numeric"
        autoComplete="off"
        value={form.cantidad}
        error={errors.cantidad}
        onChange={(e) => onChange({ cantidad: e.target.value })}
      />
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="ajuste-resultado">
        Existencias: {stock} → {after === null ? '—' : after}
      </p>
      <div>
        <label htmlFor="ajuste-motivo" className="field-label">
          Motivo
        </label>
        <textarea
          id="ajuste-motivo"
          className="field-input h-auto py-2"
          rows={2}
          maxLength={300}
          aria-invalid={errors.motivo ? true : undefined}
          value={form.motivo}
          onChange={(e) => onChange({ motivo: e.target.value })}
        />
        <FieldError message={errors.motivo} />
      </div>
    </>
  )
}
