import { useState, type FormEvent } from 'react'
import { FormDialog } from '@/components/dialog'
import { Field, FormField } from '@/components/form-field'
import { errorStatus, errorText, serverFieldErrors } from '@/lib/api-errors'
import { formatMoney } from '@/lib/money'
import { lineRefund, sumLines, type LineMoney } from '@/lib/refund'
import { useCreateDevolucionMutation } from '@/features/sales/api'
import { itemDetail, unitsLeft } from '@/features/sales/helpers'
import { METODO_VALUES, type DevolucionRequest, type MetodoPago, type Venta } from '@/features/sales/types'

type Props = {
  venta: Venta
  onClose: () => void
  /** Called with the sale as the server answered it and the refund in pesos, once the return is recorded. */
  onSaved: (venta: Venta, refund: number) => void
}

const MAX_MOTIVO = 200
const WHOLE = /^\d+$/

/** What the form holds: the units to return of each cart line (text, as typed), method and reason. */
type Form = { units: string[]; metodo: MetodoPago; motivo: string }

/** The units asked for of each line, and the form's own Spanish messages (by field name). */
function read(venta: Venta, form: Form) {
  const errors: Record<string, string> = {}
  const units = form.units.map((text, i) => {
    const t = text.trim()
    if (t === '') return 0
    if (!WHOLE.test(t)) {
      errors[`linea.${i}`] = 'Escribe un número entero de piezas.'
      return 0
    }
    const n = Number(t)
    const left = unitsLeft(venta.carrito[i])
    if (n > left) errors[`linea.${i}`] = `Solo quedan ${left} por devolver.`
    return n
  })
  if (units.every((n) => n === 0) && Object.keys(errors).length === 0) errors.lineas = 'Elige al menos una pieza por devolver.'
  if (form.motivo.trim() === '') errors.motivo = 'Escribe el motivo de la devolución.'
  return { units, errors }
}

/** The refund of the units asked for, line by line as the server prices it. */
function refundOf(venta: Venta, units: number[]): LineMoney {
  return sumLines(
    venta.carrito.map((item, i) => (units[i] > 0 ? lineRefund(item.precioFinal, item.devueltos ?? 0, units[i]) : { base: 0, iva: 0, total: 0 })),
  )
}

/**
 * The server's field messages on the form's fields: `lineas.N.cantidad` names the N-th line sent,
 * which is cart line `sent[N]`.
 */
function serverErrors(fields: Record<string, string>, sent: number[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, message] of Object.entries(fields)) {
    const line = /^lineas\.(\d+)(\..*)?$/.exec(key)
    if (line && sent[Number(line[1])] !== undefined) out[`linea.${sent[Number(line[1])]}`] = message
    else if (key.startsWith('lineas')) out.lineas = message
    else out[key] = message
  }
  return out
}

/**
 * 'Devolución' (Cajero, Administrador): from a paid sale, the units of each line to return (none
 * by default, up to what is left), the refund's method (the sale's by default) and a required
 * reason; it shows the refund with IVA as the server will record it.
 */
export function DevolucionDialog({ venta, onClose, onSaved }: Props) {
  const [form, setForm] = useState<Form>({
    units: venta.carrito.map(() => ''),
    metodo: venta.metodoPago || 'Efectivo',
    motivo: '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [record, { isLoading, error, reset }] = useCreateDevolucionMutation()
  const { units } = read(venta, form)
  const refund = refundOf(venta, units)
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }))
  const setUnits = (i: number, text: string) => set({ units: form.units.map((u, j) => (j === i ? text : u)) })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const checked = read(venta, form)
    setErrors(checked.errors)
    reset()
    if (Object.keys(checked.errors).length > 0) return
    const sent = checked.units.flatMap((n, i) => (n > 0 ? [i] : []))
    const devolucion: DevolucionRequest = {
      lineas: sent.map((i) => ({ idOrden: venta.carrito[i]._id, indice: i, cantidad: checked.units[i] })),
      metodo: form.metodo,
      motivo: form.motivo.trim(),
    }
    const res = await record({ id: venta._id, devolucion })
    if (res.error) {
      setErrors(serverErrors(serverFieldErrors(res.error), sent))
      return
    }
    // The refund the server recorded (the last return), or the one shown when it does not say.
    onSaved(res.data, res.data.devoluciones?.at(-1)?.monto ?? refundOf(venta, checked.units).total / 100)
  }

  const failure = error && errorStatus(error) !== 400 ? errorText(error, 'Error al registrar la devolución') : ''
  return (
    <FormDialog
      onClose={onClose}
      title="Devolución"
      description={
        <span>
          Folio <strong className="text-slate-800">{venta.folio}</strong> · {venta.cliente || venta.usuario.name} · {formatMoney(venta.total)}
        </span>
      }
      onSubmit={submit}
      busy={isLoading}
      submitLabel="Registrar devolución"
      busyLabel="Registrando…"
      className="max-h-[60vh] space-y-4 overflow-y-auto pr-1"
    >
      <DevolucionLines venta={venta} units={form.units} errors={errors} onChange={setUnits} />
      <RefundFields form={form} errors={errors} onChange={set} />
      <RefundSummary refund={refund} metodo={form.metodo} />
      {failure ? (
        <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {failure}
        </p>
      ) : null}
    </FormDialog>
  )
}

type LinesProps = { venta: Venta; units: string[]; errors: Record<string, string>; onChange: (line: number, text: string) => void }

/** 'Piezas por devolver': a field for each cart line, and what is wrong with the choice as a whole. */
function DevolucionLines({ venta, units, errors, onChange }: LinesProps) {
  return (
    <fieldset aria-describedby={errors.lineas ? 'devolucion-lineas-error' : undefined}>
      <legend className="field-label">Piezas por devolver</legend>
      <ul className="space-y-3">
        {venta.carrito.map((item, i) => (
          <DevolucionLine key={`${item._id}-${i}`} venta={venta} index={i} value={units[i]} error={errors[`linea.${i}`]} onChange={(t) => onChange(i, t)} />
        ))}
      </ul>
      {errors.lineas ? (
        <p id="devolucion-lineas-error" className="mt-1 text-sm font-medium text-rose-700">
          {errors.lineas}
        </p>
      ) : null}
    </fieldset>
  )
}

type FieldsProps = { form: Form; errors: Record<string, string>; onChange: (patch: Partial<Form>) => void }

/** The refund's method and the reason of the return. */
function RefundFields({ form, errors, onChange }: FieldsProps) {
  return (
    <>
      <Field label="Método de reembolso">
        {(id) => (
          <>
            <select
              id={id}
              className="field-input"
              value={form.metodo}
              {...invalid(id, errors.metodo)}
              onChange={(e) => onChange({ metodo: e.target.value as MetodoPago })}
            >
              {METODO_VALUES.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
            <FieldMessage id={id} message={errors.metodo} />
          </>
        )}
      </Field>
      <Field label="Motivo">
        {(id) => (
          <>
            <textarea
              id={id}
              className="field-input h-auto py-3"
              rows={2}
              maxLength={MAX_MOTIVO}
              required
              value={form.motivo}
              {...invalid(id, errors.motivo)}
              onChange={(e) => onChange({ motivo: e.target.value })}
            />
            <FieldMessage id={id} message={errors.motivo} />
          </>
        )}
      </Field>
    </>
  )
}

/** A control's attributes when `message` says what is wrong with it. */
function invalid(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}
}

/** A control's error message, right below it. */
function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-rose-700">
      {message}
    </p>
  )
}

type LineProps = { venta: Venta; index: number; value: string; error?: string; onChange: (text: string) => void }

/** One cart line: what was sold and returned, and the units to return now. */
function DevolucionLine({ venta, index, value, error, onChange }: LineProps) {
  const item = venta.carrito[index]
  const left = unitsLeft(item)
  const detail = itemDetail(item)
  const returned = item.devueltos ?? 0
  const hint = `Vendidas: ${item.cantidad} · ${formatMoney(item.precioFinal)} c/u sin IVA${returned ? ` · devueltas: ${returned}` : ''}${left === 0 ? ' · ya devuelta por completo' : ''}`
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <p className="text-sm font-medium text-slate-900">
        {item.nombre}
        {detail ? <span className="font-normal text-slate-500"> · {detail}</span> : null}
      </p>
      <FormField
        className="mt-2"
        label={`Piezas por devolver de ${item.nombre}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={left}
        step={1}
        placeholder="0"
        disabled={left === 0}
        value={value}
        hint={hint}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
    </li>
  )
}

/** The refund of what is chosen, with its IVA, as the server will record it. */
function RefundSummary({ refund, metodo }: { refund: LineMoney; metodo: MetodoPago }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 text-sm" aria-live="polite" data-testid="reembolso">
      <p className="flex justify-between gap-3 text-base font-semibold text-slate-900">
        <span>Reembolso ({metodo})</span>
        <span className="tabular-nums">{formatMoney(refund.total / 100)}</span>
      </p>
      <p className="mt-1 flex justify-between gap-3 text-slate-600">
        <span>Subtotal {formatMoney(refund.base / 100)}</span>
        <span>IVA {formatMoney(refund.iva / 100)}</span>
      </p>
    </div>
  )
}
