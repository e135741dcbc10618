import { useId } from 'react'
import { formatMoney } from '@/lib/money'
import { denominationLabel, differenceLabel } from '@/features/cashcut/helpers'
import type { Efectivo, EfectivoCajero } from '@/features/cashcut/types'

type Line = { label: string; amount: number; sign?: '+' | '−' }

/** One drawer: where its cash came from and went, then 'Calculado / Contado / Diferencia' and the count. */
function Drawer({ title, efectivo, total, compact }: { title: string; efectivo: Partial<Efectivo>; total: boolean; compact: boolean }) {
  const lines: Line[] = [
    { label: 'Fondo de caja', amount: efectivo.fondo ?? NaN },
    { label: 'Ventas en efectivo', amount: efectivo.ventasEfectivo ?? NaN, sign: '+' },
    { label: 'Devoluciones en efectivo', amount: efectivo.devolucionesEfectivo ?? NaN, sign: '−' },
    { label: 'Retiros de efectivo', amount: efectivo.retiros ?? NaN, sign: '−' },
    { label: 'Depósitos de efectivo', amount: efectivo.depositos ?? NaN, sign: '+' },
  ].filter((l) => !Number.isNaN(l.amount)) as Line[]
  const row = compact ? 'flex justify-between gap-3 py-0.5' : 'flex justify-between gap-3 border-b border-slate-100 py-1.5'
  const diff = efectivo.diferencia
  // The shop's figures keep the test ids the cut has always had.
  const id = (name: string) => (total ? name : undefined)
  return (
    <section aria-label={title} className={compact ? 'break-inside-avoid' : 'rounded-xl border border-slate-200 bg-white p-4'}>
      <h3 className={compact ? 'border-b border-dashed border-black pb-1 text-xs font-bold uppercase' : 'text-sm font-semibold text-slate-900'}>
        {title}
      </h3>
      <dl className={compact ? 'text-xs' : 'mt-2 text-sm'}>
        {lines.map((l) => (
          <div key={l.label} className={row}>
            <dt>{l.label}</dt>
            <dd className="tabular-nums">
              {l.sign && l.amount ? `${l.sign} ` : ''}
              {formatMoney(l.amount)}
            </dd>
          </div>
        ))}
        <div className={`${row} font-semibold`}>
          <dt>Calculado</dt>
          <dd className="tabular-nums" data-testid={id('efectivo-esperado')}>
            {formatMoney(efectivo.efectivoEsperado ?? 0)}
          </dd>
        </div>
        <div className={row}>
          <dt>Contado</dt>
          <dd className="tabular-nums" data-testid={id('efectivo-contado')}>
            {efectivo.efectivoContado === undefined || efectivo.efectivoContado === null ? 'No capturado' : formatMoney(efectivo.efectivoContado)}
          </dd>
        </div>
        {diff !== undefined && diff !== null ? (
          <div className={`${row} font-semibold`}>
            <dt>Diferencia</dt>
            <dd
              data-testid={id('diferencia')}
              className={`tabular-nums ${compact ? '' : diff < 0 ? 'text-red-700' : diff > 0 ? 'text-amber-700' : 'text-emerald-700'}`}
            >
              {differenceLabel(diff)}
              {diff !== 0 ? ` ${formatMoney(Math.abs(diff))}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      {efectivo.conteo && efectivo.conteo.length > 0 ? (
        <div className={compact ? 'mt-1' : 'mt-2'}>
          <p className={compact ? 'text-[11px] font-bold' : 'text-xs font-semibold text-slate-700'}>Conteo por denominación</p>
          <ul className={compact ? 'text-[11px]' : 'text-xs text-slate-700'}>
            {efectivo.conteo.map((d) => (
              <li key={`${d.tipo}-${d.valor}`} className="flex justify-between gap-2">
                <span>
                  {denominationLabel(d)} × {d.cantidad}
                </span>
                <span className="tabular-nums">{formatMoney((Math.round(d.valor * 100) * d.cantidad) / 100)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

/**
 * 'Efectivo en caja': each cashier's drawer and the shop's total, each with its float, cash sales,
 * refunds, withdrawals and deposits, then 'Calculado / Contado / Diferencia' and the count by
 * denomination. `compact` is the printed receipt's.
 */
export function EfectivoSummary({ efectivo, porCajero, compact = false }: { efectivo: Partial<Efectivo>; porCajero?: EfectivoCajero[]; compact?: boolean }) {
  const rows = porCajero ?? []
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={compact ? 'mt-4 space-y-3' : 'space-y-3'}>
      <h2
        id={headingId}
        className={compact ? 'border-b border-dashed border-black pb-1 text-sm font-bold uppercase' : 'text-lg font-semibold text-slate-900'}
      >
        Efectivo en caja
      </h2>
      <div className={compact ? 'space-y-3' : 'grid gap-3 md:grid-cols-2 xl:grid-cols-3'}>
        {rows.map((r) => (
          <Drawer key={r.usuarioId} title={`Efectivo de ${r.nombreUsuario || 'Sin nombre'}`} efectivo={r} total={false} compact={compact} />
        ))}
        <Drawer title="Efectivo total" efectivo={efectivo} total compact={compact} />
      </div>
    </section>
  )
}
