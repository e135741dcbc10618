import { UsuariosIcon } from '@/components/icons'
import type { Cuenta } from '@/lib/cuenta'

type UsuariosTableProps = {
  usuarios: Cuenta[]
  loading: boolean
  /** The list failed: no 'No hay usuarios.' row then, the alert above says why. */
  failed: boolean
  onEdit: (usuario: Cuenta) => void
  onDelete: (usuario: Cuenta) => void
  /** What an empty list says ('No hay usuarios.' by default). */
  emptyText?: string
}

/** Every account: name, e-mail, role, phone and status, with its 'Editar' and 'Eliminar' buttons. */
export function UsuariosTable({ usuarios, loading, failed, onEdit, onDelete, emptyText = 'No hay usuarios.' }: UsuariosTableProps) {
  return (
    <div className="relative mt-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full min-w-[720px] text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
          <tr>
            <th className="px-4 py-3">Nombre</th>
            <th className="px-4 py-3">Email</th>
            <th className="px-4 py-3">Rol</th>
            <th className="px-4 py-3">Teléfono</th>
            <th className="px-4 py-3">Status</th>
            <th className="px-4 py-3">
              <span className="sr-only">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loading ? (
            <tr>
              <td colSpan={6} className="px-4 py-6 text-center text-slate-500">
                Cargando usuarios…
              </td>
            </tr>
          ) : null}
          {!loading && !failed && usuarios.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-4 py-6 text-center text-slate-500">
                <UsuariosIcon size={20} /> {emptyText}
              </td>
            </tr>
          ) : null}
          {usuarios.map((u) => (
            <UsuarioRow key={u._id} usuario={u} onEdit={() => onEdit(u)} onDelete={() => onDelete(u)} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function UsuarioRow({ usuario: u, onEdit, onDelete }: { usuario: Cuenta; onEdit: () => void; onDelete: () => void }) {
  return (
    <tr>
      <td className="px-4 py-3 font-medium text-slate-900">{u.name}</td>
      <td className="px-4 py-3 break-all">{u.email}</td>
      <td className="px-4 py-3">{u.rol}</td>
      <td className="px-4 py-3 whitespace-nowrap">{u.phone}</td>
      <td className="px-4 py-3">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${u.status ? 'bg-teal-50 text-teal-800' : 'bg-slate-100 text-slate-600'}`}
        >
          {u.status ? 'Activo' : 'Inactivo'}
        </span>
      </td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary min-h-9 px-3 py-1.5" aria-label={`Editar a ${u.name}`} onClick={onEdit}>
            Editar
          </button>
          <button
            type="button"
            className="btn-secondary min-h-9 border-rose-200 px-3 py-1.5 text-rose-700 hover:bg-rose-50"
            aria-label={`Eliminar a ${u.name}`}
            onClick={onDelete}
          >
            Eliminar
          </button>
        </div>
      </td>
    </tr>
  )
}
