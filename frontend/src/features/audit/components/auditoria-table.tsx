import { ShieldIcon } from '@/components/icons'
import { formatDateTime } from '@/lib/dates'
import { actionLabel, collectionLabel, fieldLabel, shownValue } from '@/features/audit/labels'
import type { AuditoriaChange, AuditoriaEntry } from '@/features/audit/types'

/** Changes shown at once; the rest open with 'Ver N cambios más'. */
const SHOWN = 4

const cell = 'block px-4 py-1 md:table-cell md:py-3 md:align-top'
/** The column's name beside each value on a phone, where the table's header is hidden. */
const label = 'mr-1 text-xs font-semibold text-slate-500 uppercase md:hidden'

function Change({ change }: { change: AuditoriaChange }) {
  return (
    <li className="break-words">
      <span className="font-medium text-slate-800" title={change.campo}>
        {fieldLabel(change.campo)}:
      </span>{' '}
      <span className="text-slate-600">{shownValue(change.antes)}</span> <span aria-hidden="true">→</span>
      <span className="sr-only">cambió a</span> <span className="text-slate-900">{shownValue(change.despues)}</span>
    </li>
  )
}

function Changes({ changes }: { changes: AuditoriaChange[] }) {
  if (changes.length === 0) return <span className="text-slate-500">—</span>
  const rest = changes.slice(SHOWN)
  return (
    <>
      <ul className="space-y-0.5">
        {changes.slice(0, SHOWN).map((c, i) => (
          <Change key={i} change={c} />
        ))}
      </ul>
      {rest.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-sm font-medium text-teal-800">
            Ver {rest.length} {rest.length === 1 ? 'cambio más' : 'cambios más'}
          </summary>
          <ul className="mt-1 space-y-0.5">
            {rest.map((c, i) => (
              <Change key={i} change={c} />
            ))}
          </ul>
        </details>
      ) : null}
    </>
  )
}

function EntryRow({ entry: e }: { entry: AuditoriaEntry }) {
  return (
    <tr className="block py-2 md:table-row md:py-0">
      <td className={`${cell} whitespace-nowrap`}>
        <span className={label}>Fecha</span>
        <time dateTime={e.fecha}>{formatDateTime(e.fecha)}</time>
      </td>
      <td className={cell}>
        <span className={label}>Usuario</span>
        {e.nombreUsuario || e.usuarioId || 'Desconocido'}
      </td>
      <td className={cell}>
        <span className={label}>Colección</span>
        {collectionLabel(e.coleccion)}
      </td>
      <td className={`${cell} break-words`}>
        <span className={label}>Registro</span>
        <span className="font-medium text-slate-900" title={e.registroId}>
          {e.registro || e.registroId}
        </span>
      </td>
      <td className={cell}>
        <span className={label}>Acción</span>
        {actionLabel(e.accion)}
      </td>
      <td className={`${cell} text-sm`}>
        <span className={label}>Cambios</span>
        <Changes changes={e.cambios} />
      </td>
    </tr>
  )
}

/** One page of the trail: on a phone each entry is a card, from md up a table. */
export function AuditoriaTable({ entries }: { entries: AuditoriaEntry[] }) {
  if (entries.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-8 text-center text-slate-600">
        <ShieldIcon size={20} /> No hay cambios registrados con estos filtros.
      </p>
    )
  }
  return (
    <div className="rounded-2xl border border-slate-200 bg-white">
      <table className="block w-full text-left text-sm md:table" aria-label="Cambios registrados">
        <thead className="sr-only bg-slate-50 text-xs text-slate-500 uppercase md:not-sr-only md:table-header-group">
          <tr>
            <th className="px-4 py-3">Fecha</th>
            <th className="px-4 py-3">Usuario</th>
            <th className="px-4 py-3">Colección</th>
            <th className="px-4 py-3">Registro</th>
            <th className="px-4 py-3">Acción</th>
            <th className="px-4 py-3">Cambios</th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {entries.map((e) => (
            <EntryRow key={e._id} entry={e} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
