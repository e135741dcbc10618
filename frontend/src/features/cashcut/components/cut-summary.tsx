import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { differenceLabel } from '@/features/cashcut/helpers'
import type { Corte } from '@/features/cashcut/types'

/** Who, when, how many sales, and expected vs counted cash with the difference. */
export function CutSummary({ cut, compact = false }: { cut: Corte; compact?: boolean }) {
  const row = compact ? 'flex justify-between gap-3 py-0.5' : 'flex justify-between gap-3 border-b border-slate-100 py-2'
  const diff = cut.diferencia
  return (
    <dl className={compact ? 'text-xs' : 'text-sm'}>
      <div className={row}>
        <dt>Fecha</dt>
        <dd className="font-medium">{formatDateTime(cut.fecha)}</dd>
      </div>
      <div className={row}>
        <dt>Realizó</dt>
        <dd className="font-medium">{cut.nombreUsuario}</dd>
      </div>
      {cut.ventas ? (
        <div className={row}>
          <dt>Ventas cerradas</dt>
          <dd className="font-medium tabular-nums">{cut.ventas.length}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>Total</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(cut.porMetodo.totalGeneral)}</dd>
      </div>
      <div className={row}>
        <dt>Efectivo esperado</dt>
        <dd className="tabular-nums" data-testid="efectivo-esperado">
          {formatMoney(cut.efectivoEsperado)}
        </dd>
      </div>
      <div className={row}>
        <dt>Efectivo contado</dt>
        <dd className="tabular-nums" data-testid="efectivo-contado">
          {cut.efectivoContado === undefined || cut.efectivoContado === null ? 'No capturado' : formatMoney(cut.efectivoContado)}
        </dd>
      </div>
      {diff !== undefined && diff !== null ? (
        <div className={`${row} font-semibold`}>
          <dt>Diferencia</dt>
          <dd
            data-testid="diferencia"
            className={`tabular-nums ${compact ? '' : diff < 0 ? 'text-red-700' : diff > 0 ? 'text-amber-700' : 'text-emerald-700'}`}
          >
            {differenceLabel(diff)}
            {diff !== 0 ? ` ${formatMoney(Math.abs(diff))}` : ''}
          </dd>
        </div>
      ) : null}
      {cut.observaciones ? (
        <div className={compact ? 'py-0.5' : 'py-2'}>
          <dt>Observaciones</dt>
          <dd className="whitespace-pre-line text-slate-600">{cut.observaciones}</dd>
        </div>
      ) : null}
    </dl>
  )
}
