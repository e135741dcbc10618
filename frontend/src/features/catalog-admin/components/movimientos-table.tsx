import { formatDateTime } from '@/lib/dates'
import type { Movimiento } from '@/features/catalog-admin/inventario-api'
import { TIPO_MOVIMIENTO, signedUnits, varianteLabel } from '@/features/catalog-admin/inventario-labels'

const cell = 'block px-4 py-1 md:table-cell md:py-3 md:align-top'
/** The column's name beside each value on a phone, where the table's header is hidden. */
const label = 'mr-1 text-xs font-semibold text-slate-500 uppercase md:hidden'

const HEADERS = ['Fecha', 'Variante', 'Tipo', 'Cantidad', 'Antes', 'Después', 'Motivo', 'Usuario', 'Folio']

/** Units before or after, '—' when a crash lost them. */
const shown = (n: number | null) => (n === null ? '—' : String(n))

function MovimientoRow({ m }: { m: Movimiento }) {
  const tone = m.cantidad > 0 ? 'text-emerald-700' : m.cantidad < 0 ? 'text-rose-700' : 'text-slate-700'
  return (
    <tr className="block py-2 md:table-row md:py-0" data-testid="movimiento">
      <td className={`${cell} whitespace-nowrap`}>
        <span className={label}>Fecha</span>
        <time dateTime={m.fecha}>{formatDateTime(m.fecha)}</time>
      </td>
      <td className={cell}>
        <span className={label}>Variante</span>
        {varianteLabel(m) || '—'}
      </td>
      <td className={cell}>
        <span className={label}>Tipo</span>
        {TIPO_MOVIMIENTO[m.tipo] ?? m.tipo}
      </td>
      <td className={`${cell} font-semibold tabular-nums ${tone}`}>
        <span className={label}>Cantidad</span>
        {signedUnits(m.cantidad)}
      </td>
      <td className={`${cell} tabular-nums`}>
        <span className={label}>Antes</span>
        {shown(m.antes)}
      </td>
      <td className={`${cell} tabular-nums`}>
        <span className={label}>Después</span>
        {shown(m.despues)}
      </td>
      <td className={`${cell} break-words`}>
        <span className={label}>Motivo</span>
        {m.motivo || '—'}
        {m.reconstruido ? <span className="block text-xs text-slate-500">Registrado después de una interrupción</span> : null}
      </td>
      <td className={cell}>
        <span className={label}>Usuario</span>
        {m.nombreUsuario || '—'}
      </td>
      <td className={`${cell} break-all`}>
        <span className={label}>Folio</span>
        {m.folio || '—'}
      </td>
    </tr>
  )
}

/** A page of stock movements: a card each on a phone, a table from md up. */
export function MovimientosTable({ movimientos }: { movimientos: Movimiento[] }) {
  if (movimientos.length === 0) {
    return <p className="rounded-2xl bg-white p-8 text-center text-slate-600">No hay movimientos con estos filtros.</p>
  }
  return (
    <div className="rounded-2xl border border-slate-200 bg-white">
      <table className="block w-full text-left text-sm md:table" aria-label="Movimientos de inventario">
        <thead className="sr-only bg-slate-50 text-xs text-slate-500 uppercase md:not-sr-only md:table-header-group">
          <tr>
            {HEADERS.map((h) => (
              <th key={h} className="px-4 py-3">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {movimientos.map((m) => (
            <MovimientoRow key={m._id} m={m} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
