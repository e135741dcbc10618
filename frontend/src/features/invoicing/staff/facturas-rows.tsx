import type { ReactNode } from 'react'
import { formatDayMonYear, formatTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { EstadoBadge } from '@/features/invoicing/staff/estado-badge'
import { stamped, TIPOS, ventasText } from '@/features/invoicing/staff/labels'
import type { FacturaFiles } from '@/features/invoicing/staff/use-factura-files'
import type { Factura } from '@/features/invoicing/types'

export type FacturaAction = 'reenviar' | 'cancelar'

type RowsProps = {
  facturas: Factura[]
  /** Facturación not configured: every action is off. */
  disabled: boolean
  files: FacturaFiles
  onAction: (action: FacturaAction, factura: Factura) => void
}

type RowProps = Omit<RowsProps, 'facturas'> & { factura: Factura }

function Fecha({ factura: f }: { factura: Factura }) {
  const when = f.timbradaEn || f.fecha
  return (
    <time dateTime={when} className="whitespace-nowrap">
      <span className="block font-medium text-slate-800">{formatDayMonYear(when)}</span>
      <span className="block text-xs text-slate-500">{formatTime(when)}</span>
    </time>
  )
}

function Ventas({ factura: f }: { factura: Factura }) {
  return (
    <div className="text-sm">
      <p className="text-xs font-semibold text-slate-500 uppercase">{TIPOS[f.tipo] ?? f.tipo}</p>
      <p className="font-medium wrap-anywhere text-slate-900">{ventasText(f)}</p>
    </div>
  )
}

function Receptor({ factura: f }: { factura: Factura }) {
  return (
    <div className="min-w-0 text-sm wrap-anywhere">
      <p className="font-semibold text-slate-900">{f.receptor.rfc}</p>
      <p className="text-slate-600">{f.receptor.razonSocial}</p>
    </div>
  )
}

/** Its estado, the PAC's message, and whether it replaces another factura or is replaced. */
function Estado({ factura: f }: { factura: Factura }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <EstadoBadge estado={f.estado} />
      {f.mensaje ? <span className="text-xs text-slate-600">{f.mensaje}</span> : null}
      {f.sustituye ? (
        <span className="text-xs text-slate-600" title={f.sustituye}>
          Sustituye a <span className="font-mono">{f.sustituye.slice(0, 8)}</span>…
        </span>
      ) : null}
      {f.sustituidaPor ? <span className="text-xs font-medium text-slate-600">Sustituida</span> : null}
      {f.relacionado ? (
        <span className="text-xs text-slate-600" title={f.relacionado}>
          Devolución de <span className="font-mono">{f.relacionado.slice(0, 8)}</span>…
        </span>
      ) : null}
    </div>
  )
}

function Uuid({ factura: f }: { factura: Factura }) {
  return <span className="font-mono text-xs break-all text-slate-700">{f.uuid || '—'}</span>
}

function ActionButton({ onClick, disabled, children }: { onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <button type="button" className="btn-secondary min-h-10 px-3 text-sm disabled:opacity-50" disabled={disabled} onClick={onClick}>
      {children}
    </button>
  )
}

/** 'PDF', 'XML', 'Reenviar' (stamped facturas) and 'Cancelar' (valid ones). */
function Acciones({ factura: f, disabled, files, onAction }: RowProps) {
  const off = disabled || !stamped(f)
  const which = <span className="sr-only"> de la factura {f.uuid || ventasText(f)}</span>
  return (
    <div className="flex flex-wrap gap-2">
      <ActionButton disabled={off || files.busy === `${f._id}.pdf`} onClick={() => void files.download(f, 'pdf')}>
        PDF{which}
      </ActionButton>
      <ActionButton disabled={off || files.busy === `${f._id}.xml`} onClick={() => void files.download(f, 'xml')}>
        XML{which}
      </ActionButton>
      <ActionButton disabled={off} onClick={() => onAction('reenviar', f)}>
        Reenviar{which}
      </ActionButton>
      {f.estado === 'valida' ? (
        <ActionButton disabled={disabled} onClick={() => onAction('cancelar', f)}>
          Cancelar{which}
        </ActionButton>
      ) : null}
    </div>
  )
}

const TH = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const TD = 'px-3 py-4 align-top'
const HEADERS = ['Fecha', 'Ventas', 'Receptor', 'Total', 'Estado', 'UUID', 'Acciones']

/** The facturas of a page as a wide table (desktop). */
export function FacturasTable({ facturas, ...rest }: RowsProps) {
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[960px] text-sm" aria-label="Facturas">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {HEADERS.map((h) => (
              <th key={h} className={TH}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {facturas.map((f) => (
            <tr key={f._id} data-testid="factura">
              <td className={TD}>
                <Fecha factura={f} />
              </td>
              <td className={`${TD} max-w-56`}>
                <Ventas factura={f} />
              </td>
              <td className={TD}>
                <Receptor factura={f} />
              </td>
              <td className={`${TD} font-semibold whitespace-nowrap text-slate-900`}>
                {formatMoney(f.total)}
                <TotalPac factura={f} />
                <NotaRedondeo factura={f} />
              </td>
              <td className={TD}>
                <Estado factura={f} />
              </td>
              <td className={`${TD} max-w-48`}>
                <Uuid factura={f} />
              </td>
              <td className={TD}>
                <Acciones factura={f} {...rest} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The facturas of a page as cards (tablets and phones). */
export function FacturaCards({ facturas, ...rest }: RowsProps) {
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Facturas">
      {facturas.map((f) => (
        <li key={f._id} data-testid="factura" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <Ventas factura={f} />
            <div className="text-right text-sm">
              <Fecha factura={f} />
            </div>
          </div>
          <div className="flex items-start justify-between gap-3 border-t border-slate-100 pt-3">
            <Receptor factura={f} />
            <div className="text-right">
              <p className="text-lg font-bold whitespace-nowrap text-slate-900">{formatMoney(f.total)}</p>
              <TotalPac factura={f} />
              <NotaRedondeo factura={f} />
            </div>
          </div>
          <div className="space-y-1 border-t border-slate-100 pt-3">
            <Estado factura={f} />
            <p className="text-xs text-slate-500">
              UUID: <Uuid factura={f} />
            </p>
          </div>
          <div className="border-t border-slate-100 pt-3">
            <Acciones factura={f} {...rest} />
          </div>
        </li>
      ))}
    </ul>
  )
}

/**
 * A nota de crédito whose total is not its refund's: a line returned in parts refunds, each time,
 * the line priced with the units less the line priced without them, so that the refunds of a whole
 * line add up to what was charged; the nota's IVA is 16 % of each concepto's Base, as the SAT
 * computes it. The two differ by a centavo at most per line, from the second part on.
 */
function NotaRedondeo({ factura }: { factura: Factura }) {
  const reembolso = factura.ventas[0]?.total
  if (factura.tipo !== 'egreso' || reembolso === undefined || reembolso === factura.total) return null
  return (
    <p className="mt-1 text-xs whitespace-normal text-slate-600" data-testid="nota-redondeo">
      Se reembolsaron {formatMoney(reembolso)}: el IVA de la nota se calcula por concepto, como lo pide el SAT.
    </p>
  )
}

/** The warning of a CFDI whose stamped total is not the shop's. */
function TotalPac({ factura }: { factura: Factura }) {
  if (factura.totalPac === undefined || factura.totalPac === factura.total) return null
  return (
    <p role="alert" className="mt-1 text-xs font-medium whitespace-normal text-rose-700" data-testid="total-pac">
      El PAC timbró {formatMoney(factura.totalPac)}, no {formatMoney(factura.total)}. Revisa esta factura.
    </p>
  )
}
