import { formatMoney } from '@/lib/money'
import { EMPTY_BY_METHOD, EMPTY_BY_USUARIO, sumPesos } from '@/features/cashcut/helpers'
import type { ByMethod, ByUsuario } from '@/features/cashcut/types'

type Line = { key: string; label: string; amount: number }

function TotalsList({
  title,
  lines,
  total,
  empty,
  compact,
}: {
  title: string
  lines: Line[]
  total: number
  empty: string
  compact: boolean
}) {
  const id = `corte-${title.replace(/\s+/g, '-').toLowerCase()}`
  return (
    <section
      aria-labelledby={id}
      className={compact ? 'break-inside-avoid' : 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm'}
    >
      <h2 id={id} className={compact ? 'border-b border-dashed border-black pb-1 text-sm font-bold uppercase' : 'text-lg font-semibold text-slate-900'}>
        {title}
      </h2>
      {lines.length === 0 ? (
        <p className={compact ? 'py-2 text-xs' : 'mt-3 text-sm text-slate-600'}>{empty}</p>
      ) : (
        <dl className={compact ? 'text-xs' : 'mt-3 text-sm'}>
          {lines.map((l) => (
            <div
              key={l.key}
              className={`flex items-baseline justify-between gap-3 ${compact ? 'py-0.5' : 'border-b border-slate-100 py-2'}`}
            >
              <dt className={compact ? '' : 'text-slate-700'}>{l.label}</dt>
              <dd className="font-medium tabular-nums">{formatMoney(l.amount)}</dd>
            </div>
          ))}
          <div
            className={`flex items-baseline justify-between gap-3 font-bold ${compact ? 'mt-1 border-t border-black pt-1' : 'pt-3 text-base text-brand-900'}`}
          >
            <dt>Total</dt>
            <dd className="tabular-nums">{formatMoney(total)}</dd>
          </div>
        </dl>
      )}
    </section>
  )
}

type Props = { byMethod?: ByMethod; byUsuario?: ByUsuario[]; compact?: boolean }

/** 'Por metodo de pago' and 'Por usuario', each line with its amount (2 decimals) and a Total. */
export function CorteTotals({ byMethod, byUsuario, compact = false }: Props) {
  const methodLines = (byMethod?.totales ?? []).map((t) => ({ key: t.metodo, label: t.metodo, amount: t.venta }))
  const usuarioLines = (byUsuario ?? []).map((u) => ({
    key: u._id.usuarioId || u._id.nombreUsuario,
    label: u._id.nombreUsuario || 'Sin nombre',
    amount: u.ventaTotal,
  }))
  return (
    <div className={compact ? 'space-y-4' : 'grid gap-4 md:grid-cols-2'}>
      <TotalsList
        title="Por metodo de pago"
        lines={methodLines}
        total={byMethod?.totalGeneral ?? sumPesos(methodLines.map((l) => l.amount))}
        empty={EMPTY_BY_METHOD}
        compact={compact}
      />
      <TotalsList
        title="Por usuario"
        lines={usuarioLines}
        total={sumPesos(usuarioLines.map((l) => l.amount))}
        empty={EMPTY_BY_USUARIO}
        compact={compact}
      />
    </div>
  )
}
