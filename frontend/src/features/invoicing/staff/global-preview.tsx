import { formatDayMonYear, formatTime } from '@/lib/dates'
import { formatCount, formatMoney } from '@/lib/money'
import type { VistaPrevia } from '@/features/invoicing/types'

const TH = 'px-2 py-2 text-left text-xs font-semibold text-slate-600 uppercase'
/** The preview of a factura global: its sales (folio, fecha, método, total), how many, and the sums. */
export function GlobalPreview({ preview }: { preview: VistaPrevia }) {
  const n = preview.ventas.length
  if (n === 0) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">
        No hay ventas pagadas sin facturar en este periodo.
      </p>
    )
  }
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm font-medium text-slate-800">
        {n === 1 ? '1 venta' : `${formatCount(n)} ventas`} sin facturar del {formatDayMonYear(preview.periodo.desde)} al{' '}
        {formatDayMonYear(preview.periodo.hasta)}
      </p>
      <div className="max-h-64 overflow-auto rounded-xl border border-slate-200">
        <table className="w-full text-sm" aria-label="Ventas de la factura global">
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              <th className={TH}>Folio</th>
              <th className={TH}>Fecha</th>
              <th className={TH}>Método</th>
              <th className={`${TH} text-right`}>Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.ventas.map((v) => (
              <tr key={v._id}>
                <td className="px-2 py-1.5 text-xs break-all">{v.folio}</td>
                <td className="px-2 py-1.5 text-xs whitespace-nowrap">
                  {formatDayMonYear(v.fecha)} {formatTime(v.fecha)}
                </td>
                <td className="px-2 py-1.5 text-xs">{v.metodoPago || '—'}</td>
                <td className="px-2 py-1.5 text-right text-xs tabular-nums">{formatMoney(v.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm tabular-nums">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="text-right">{formatMoney(preview.subtotal)}</dd>
        <dt className="text-slate-600">IVA</dt>
        <dd className="text-right">{formatMoney(preview.iva)}</dd>
        <dt className="font-semibold text-slate-900">Total</dt>
        <dd className="text-right font-semibold text-slate-900">{formatMoney(preview.total)}</dd>
      </dl>
    </div>
  )
}
