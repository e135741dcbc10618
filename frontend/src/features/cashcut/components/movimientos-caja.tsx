import { useState, type FormEvent } from 'react'
import { FormDialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { FormField, TextAreaField } from '@/components/form-field'
import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { errorText } from '@/lib/api-errors'
import { useCreateMovimientoCajaMutation } from '@/features/cashcut/api'
import { MOVIMIENTO_LABELS, newMovimientoId, parseAmount } from '@/features/cashcut/helpers'
import type { MovimientoCaja, TipoMovimiento } from '@/features/cashcut/types'

/**
 * 'Fondo de caja', 'Retiro de efectivo' or 'Depósito de efectivo': the amount and the reason
 * (required but for the float). Its `_id` is chosen when it opens, so sending it twice records it once.
 */
export function MovimientoDialog({ tipo, onClose, onDone }: { tipo: TipoMovimiento; onClose: () => void; onDone: (m: MovimientoCaja) => void }) {
  const [id] = useState(newMovimientoId)
  const [monto, setMonto] = useState('')
  const [motivo, setMotivo] = useState('')
  const [problems, setProblems] = useState<{ monto?: string; motivo?: string }>({})
  const [record, { isLoading, error }] = useCreateMovimientoCajaMutation()
  const needsReason = tipo !== 'fondo'

  async function submit(event: FormEvent) {
    event.preventDefault()
    const amount = parseAmount(monto)
    const found = {
      monto: amount.problem ?? (amount.value === undefined || amount.value <= 0 ? 'Escribe un importe mayor que $0.00.' : undefined),
      motivo: needsReason && !motivo.trim() ? 'Escribe el motivo del movimiento.' : undefined,
    }
    setProblems(found)
    if (found.monto || found.motivo || amount.value === undefined) return
    try {
      onDone(await record({ _id: id, tipo, monto: amount.value, motivo: motivo.trim() }).unwrap())
    } catch {
      // The message stays in the dialog.
    }
  }

  return (
    <FormDialog
      onClose={onClose}
      title={MOVIMIENTO_LABELS[tipo]}
      description={
        tipo === 'fondo'
          ? 'El efectivo con el que abres tu caja hoy. Se registra una vez por cajero y día.'
          : tipo === 'retiro'
            ? 'El efectivo que sale de la caja (al banco, a un pago).'
            : 'El efectivo que entra a la caja sin ser una venta (más cambio).'
      }
      onSubmit={submit}
      busy={isLoading}
      submitLabel="Registrar"
      busyLabel="Registrando…"
      className="space-y-4"
    >
      <FormField
        label="Importe"
        inputMode="decimal"
        placeholder="0.00"
        value={monto}
        onChange={(e) => setMonto(e.target.value)}
        error={problems.monto}
      />
      <TextAreaField
        label={needsReason ? 'Motivo' : 'Motivo (opcional)'}
        rows={2}
        maxLength={200}
        value={motivo}
        onChange={(e) => setMotivo(e.target.value)}
        aria-invalid={problems.motivo ? true : undefined}
      />
      {problems.motivo ? <ErrorNote>{problems.motivo}</ErrorNote> : null}
      <ErrorNote>{errorText(error, 'Error al registrar el movimiento de caja')}</ErrorNote>
    </FormDialog>
  )
}

/** The drawer movements of a cut, or waiting for one: kind, amount, reason, who and when. */
export function MovimientoList({ movimientos, compact = false, empty }: { movimientos?: MovimientoCaja[]; compact?: boolean; empty?: string }) {
  const list = movimientos ?? []
  if (list.length === 0) return empty ? <p className="text-sm text-slate-600">{empty}</p> : null
  return (
    <section aria-label="Movimientos de caja" className={compact ? 'mt-4' : undefined}>
      {compact ? <h2 className="border-b border-dashed border-black pb-1 text-sm font-bold uppercase">Movimientos de caja</h2> : null}
      <ul className={compact ? 'text-[11px]' : 'divide-y divide-slate-100 text-sm'}>
        {list.map((m) => (
          <li key={m._id} data-testid="movimiento-caja" className={compact ? 'py-0.5' : 'flex flex-wrap justify-between gap-2 py-2'}>
            <span>
              <span className="font-medium">{MOVIMIENTO_LABELS[m.tipo] ?? m.tipo}</span>
              {` · ${m.nombreUsuario} · ${formatDateTime(m.fecha)}`}
              {m.motivo ? ` · ${m.motivo}` : ''}
            </span>
            <span className={`tabular-nums ${compact ? 'float-right' : 'font-medium'}`}>
              {m.tipo === 'retiro' ? '− ' : ''}
              {formatMoney(m.monto)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
