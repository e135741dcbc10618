import { useCallback, useId, useState, type FormEvent } from 'react'
import { ConfirmDialog, Dialog } from '@/components/dialog'
import { FormField } from '@/components/form-field'
import { Pager } from '@/components/pager'
import { useDocumentTitle } from '@/components/use-document-title'
import { SPEC_MESSAGES } from '@/lib/error-messages'
import { apiErrorMessage, serverFieldErrors } from '@/lib/api-errors'
import type { Cuenta } from '@/lib/cuenta'
import { hasFilters, useClampPage, useListState } from '@/lib/list-state'
import { ROLES } from '@/lib/roles'
import { useCreateUsuarioMutation, useDeleteUsuarioMutation, useListUsuariosQuery, useUpdateUsuarioMutation } from '@/features/users/api'
import { UsuariosFiltersBar } from '@/features/users/components/usuarios-filters'
import { UsuariosTable } from '@/features/users/components/usuarios-table'
import type { UsuariosFilters } from '@/features/users/types'

/** Every account, by name. */
const DEFAULTS: UsuariosFilters = { q: '', rol: '', status: '', orden: 'nombre' }
/** The filters that narrow the list (the sort does not). */
const NARROWING: (keyof UsuariosFilters)[] = ['q', 'rol', 'status']

/** The page of accounts asked for in the address. */
function useUsuariosList() {
  const [state, update, reset] = useListState(DEFAULTS)
  const query = useListUsuariosQuery(state)
  const setPage = useCallback((page: number) => update({ page }), [update])
  useClampPage(query.data?.meta, state.page, setPage)
  return { state, update, reset, query, setPage }
}

type FormState = { name: string; email: string; password: string; phone: string; rol: string; status: boolean }

const blank: FormState = { name: '', email: '', password: '', phone: '', rol: 'Cliente', status: true }

/** 'Nuevo Usuario' (user undefined) or 'Actualizar Usuario'. */
function UsuarioDialog({ usuario, onClose }: { usuario?: Cuenta; onClose: () => void }) {
  const [create, created] = useCreateUsuarioMutation()
  const [update, updated] = useUpdateUsuarioMutation()
  const busy = created.isLoading || updated.isLoading
  const error = usuario ? updated.error : created.error
  const fields = serverFieldErrors(error)
  const rolId = useId()
  const [form, setForm] = useState<FormState>(
    usuario ? { name: usuario.name, email: usuario.email, password: '', phone: usuario.phone ?? '', rol: usuario.rol, status: usuario.status } : blank,
  )
  const set = (key: keyof FormState) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value })

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const { status, ...fields } = { ...form, email: form.email.trim() }
    const result = usuario ? await update({ _id: usuario._id, ...fields, status }) : await create(fields)
    if ('data' in result) onClose()
  }

  return (
    <Dialog open onClose={onClose} title={usuario ? 'Actualizar Usuario' : 'Nuevo Usuario'}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <FormField label="Nombre" name="name" value={form.name} onChange={set('name')} error={fields.name} />
        <FormField label="Email" name="email" type="email" inputMode="email" value={form.email} onChange={set('email')} error={fields.email} />
        <FormField
          label="Contraseña"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={usuario ? 'Déjala vacía para no cambiarla.' : 'Al menos 8 caracteres.'}
          value={form.password}
          onChange={set('password')}
          error={fields.password}
        />
        <FormField label="Teléfono" name="phone" type="tel" inputMode="tel" value={form.phone} onChange={set('phone')} error={fields.phone} />
        <div>
          <label htmlFor={rolId} className="field-label">
            Rol
          </label>
          <select id={rolId} name="rol" value={form.rol} onChange={set('rol')} className="field-input">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          {fields.rol ? <p className="mt-1 text-sm font-medium text-rose-700">{fields.rol}</p> : null}
        </div>
        {usuario ? (
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              checked={form.status}
              onChange={(e) => setForm({ ...form, status: e.target.checked })}
              className="h-5 w-5 rounded border-slate-300"
            />
            Activo
          </label>
        ) : null}
        {error && Object.keys(fields).length === 0 ? (
          <p role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm font-medium text-rose-800">
            {apiErrorMessage(error, SPEC_MESSAGES.actualizarUsuario)}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Guardando…' : 'Guardar'}
        </button>
      </form>
    </Dialog>
  )
}

/** `/usuarios`: the accounts a page at a time, searched and filtered; create, edit and delete. */
export function UsuariosPage() {
  useDocumentTitle('Usuarios')
  const { state, update, reset, query, setPage } = useUsuariosList()
  const { data, error, isLoading, isFetching, refetch } = query
  const usuarios = data?.usuarios ?? []
  const narrowed = hasFilters(state, DEFAULTS, NARROWING)
  const [remove, removal] = useDeleteUsuarioMutation()
  const [editing, setEditing] = useState<Cuenta | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Cuenta | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const onConfirmDelete = async () => {
    if (!deleting) return
    const result = await remove(deleting._id)
    setDeleting(null)
    setProblem('error' in result ? apiErrorMessage(result.error, SPEC_MESSAGES.eliminarUsuario) : null)
  }

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Usuarios</h1>
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          Nuevo Usuario
        </button>
      </div>

      {problem ? (
        <p role="alert" className="mt-4 rounded-xl bg-rose-50 px-4 py-3 text-sm font-medium text-rose-800">
          {problem}
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="mt-4 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800">
          {apiErrorMessage(error, SPEC_MESSAGES.usuarios)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
            Reintentar
          </button>
        </div>
      ) : null}

      <UsuariosFiltersBar state={state} narrowed={narrowed} onChange={update} onClear={() => reset({ orden: state.orden, limit: state.limit })} />
      <UsuariosTable
        usuarios={usuarios}
        loading={isLoading}
        failed={Boolean(error)}
        onEdit={setEditing}
        onDelete={setDeleting}
        emptyText={narrowed ? 'Ningún usuario coincide con la búsqueda.' : undefined}
      />
      <Pager meta={data?.meta} shown={usuarios.length} onPage={setPage} onLimit={(limit) => update({ limit })} busy={isFetching} label="usuarios" />

      {editing ? <UsuarioDialog usuario={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Eliminar a ${deleting?.name ?? ''}`}
        description="¿Estás seguro de querer eliminar este usuario?"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onConfirmDelete()}
        busy={removal.isLoading}
      />
    </section>
  )
}
