import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/lib/hooks'
import { Dialog } from '@/components/dialog'
import { FormField } from '@/components/form-field'
import { PlaceholderPage } from '@/components/placeholder-page'
import { useDocumentTitle } from '@/components/use-document-title'
import { SPEC_MESSAGES } from '@/lib/error-messages'
import { apiErrorMessage, serverFieldErrors } from '@/lib/api-errors'
import type { Cuenta } from '@/lib/cuenta'
import type { DataUsuario } from '@/lib/session'
import { selectIsSignedIn, selectUsuario, sessionUpdated } from '@/lib/session-slice'
import { useGetCuentaQuery, useUpdateOwnPasswordMutation, useUpdateCuentaMutation } from '@/features/session/cuenta-api'
import { EmailField, FormAlert, NameField, PhoneField } from '@/features/session/components/cuenta-fields'
import { OrdenMailsSetting } from '@/features/session/components/orden-mails-setting'
import { CompraHistoryTable } from '@/features/session/components/compras'

/** The success toast stays 2 s; a dialog closes 2 s after a successful save. */
export const TOAST_MS = 2000
export const DIALOG_CLOSE_MS = 2000
export const PASSWORD_HINT = 'Si desea cambiar su contraseña, ingrese la nueva contraseña y actualice.'

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '')).toUpperCase() || '?'
}

/** Closes a dialog DIALOG_CLOSE_MS after its save succeeded. */
function useCloseAfterSave(saved: boolean, onDone: () => void) {
  const done = useRef(onDone)
  useEffect(() => {
    done.current = onDone
  })
  useEffect(() => {
    if (!saved) return
    const timer = window.setTimeout(() => done.current(), DIALOG_CLOSE_MS)
    return () => window.clearTimeout(timer)
  }, [saved])
}

function SavedNote({ text }: { text: string }) {
  return <p className="rounded-xl bg-teal-50 px-4 py-3 text-sm font-medium text-teal-900">{text}</p>
}

type InfoDialogProps = { cuenta: Cuenta; onClose: () => void; onSaved: (a: Cuenta) => void }

/** 'Actualizar información': name, phone, address and e-mail. */
function InfoDialog({ cuenta, onClose, onSaved }: InfoDialogProps) {
  const dispatch = useAppDispatch()
  const [update, { isLoading, error }] = useUpdateCuentaMutation()
  const [form, setForm] = useState({
    name: cuenta.name,
    phone: cuenta.phone ?? '',
    address: cuenta.address ?? '',
    email: cuenta.email,
  })
  const [saved, setSaved] = useState<Cuenta | null>(null)
  const fields = serverFieldErrors(error)
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value })
  useCloseAfterSave(Boolean(saved), () => saved && onSaved(saved))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isLoading || saved) return
    const result = await update({ id: cuenta._id, ...form, email: form.email.trim() })
    if ('data' in result && result.data) {
      dispatch(sessionUpdated({ name: result.data.name, email: result.data.email }))
      setSaved(result.data)
    }
  }

  return (
    <Dialog open onClose={onClose} title="Actualizar información">
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <NameField value={form.name} onChange={set('name')} error={fields.name} />
        <PhoneField value={form.phone} onChange={set('phone')} error={fields.phone} />
        <FormField label="Dirección" name="address" autoComplete="street-address" value={form.address} onChange={set('address')} error={fields.address} />
        <EmailField value={form.email} onChange={set('email')} error={fields.email} />
        {error && Object.keys(fields).length === 0 ? <FormAlert>{apiErrorMessage(error, SPEC_MESSAGES.actualizarUsuario)}</FormAlert> : null}
        {saved ? <SavedNote text="Información guardada." /> : null}
        <button type="submit" className="btn-primary w-full" disabled={isLoading || Boolean(saved)}>
          {isLoading ? 'Guardando…' : 'Actualizar'}
        </button>
      </form>
    </Dialog>
  )
}

type PasswordDialogProps = { email: string; onClose: () => void; onSaved: () => void }

/** 'Actualizar Contraseña': the new password; the server answers a new token for this session. */
function PasswordDialog({ email, onClose, onSaved }: PasswordDialogProps) {
  const dispatch = useAppDispatch()
  const [update, { isLoading, error }] = useUpdateOwnPasswordMutation()
  const [password, setPassword] = useState('')
  const [saved, setSaved] = useState(false)
  const fields = serverFieldErrors(error)
  useCloseAfterSave(saved, onSaved)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isLoading || saved) return
    const result = await update({ email, password })
    if ('data' in result && result.data) {
      dispatch(sessionUpdated({ token: result.data.token }))
      setSaved(true)
    }
  }

  return (
    <Dialog open onClose={onClose} title="Actualizar Contraseña">
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <FormField
          label="Nueva contraseña"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fields.password}
        />
        {error && !fields.password ? <FormAlert>{apiErrorMessage(error, SPEC_MESSAGES.cambiarPassword)}</FormAlert> : null}
        {saved ? <SavedNote text="Contraseña guardada." /> : null}
        <button type="submit" className="btn-primary w-full" disabled={isLoading || saved}>
          {isLoading ? 'Guardando…' : 'Actualizar'}
        </button>
      </form>
    </Dialog>
  )
}

/**
 * An e-mail that wraps where a reader expects it to: after the '@' and before a dot (a hyphen
 * already is a break), and inside a part only when that part alone is wider than the line.
 */
function EmailText({ email }: { email: string }) {
  const parts = email.replace(/@/g, '@\n').replace(/\./g, '\n.').split('\n').filter(Boolean)
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}

type RowProps = { label: string; value: string; onEdit: () => void; email?: boolean }

function Row({ label, value, onEdit, email }: RowProps) {
  return (
    <div className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <dt className="text-xs font-semibold text-slate-500 uppercase">{label}</dt>
        <dd className="break-words text-slate-900">
          {!value ? <span className="text-slate-400">Sin registrar</span> : email ? <EmailText email={value} /> : value}
        </dd>
      </div>
      <button type="button" onClick={onEdit} className="btn-secondary px-3 py-1.5" aria-label={`Editar ${label.toLowerCase()}`}>
        Editar
      </button>
    </div>
  )
}

/** The toast's text, cleared TOAST_MS after it was set. */
function useToast() {
  const [toast, setToast] = useState<string | null>(null)
  useEffect(() => {
    if (!toast) return
    const timer = window.setTimeout(() => setToast(null), TOAST_MS)
    return () => window.clearTimeout(timer)
  }, [toast])
  return [toast, setToast] as const
}

/** The toast over the bottom navigation; the live region stays so that screen readers hear it. */
function Toast({ text }: { text: string | null }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 md:bottom-6">
      {text ? (
        <p role="status" className="animate-pop-in rounded-full bg-brand-900 px-5 py-3 text-sm font-medium text-white shadow-lg">
          {text}
        </p>
      ) : null}
    </div>
  )
}

/** The initials in a circle and the account's name. */
function PerfilHeader({ name }: { name: string }) {
  return (
    <div className="flex items-center gap-4">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-800 text-xl font-bold text-white"
      >
        {initials(name)}
      </span>
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-bold text-brand-900">{name}</h1>
        <p className="text-sm text-slate-600">Mi perfil</p>
      </div>
    </div>
  )
}

/** What the session knows of the account, shown until (or unless) the account itself arrives. */
function cuentaOf(usuario: DataUsuario): Cuenta {
  return {
    _id: usuario.id,
    name: usuario.name,
    email: usuario.email,
    phone: '',
    address: '',
    rol: usuario.rol ?? '',
    status: true,
    admin: usuario.admin,
  }
}

/**
 * `/usuarios/perfil`: the account, its edit dialogs, the toast and the purchase history.
 * `fiscal` is the 'Datos fiscales' section another feature provides (composed in src/app).
 */
export function PerfilPage({ fiscal }: { fiscal?: ReactNode } = {}) {
  useDocumentTitle('Mi perfil')
  const signedIn = useAppSelector(selectIsSignedIn)
  const usuario = useAppSelector(selectUsuario)
  const { data, error, isLoading } = useGetCuentaQuery(usuario?.id ?? '', { skip: !signedIn || !usuario?.id })
  const [dialog, setDialog] = useState<'info' | 'password' | null>(null)
  const [toast, setToast] = useToast()

  if (!signedIn || !usuario) {
    return (
      <PlaceholderPage title="Mi perfil">
        <p>Inicia sesión para ver tu perfil, tus compras y tus pedidos pendientes.</p>
        <Link to="/login" state={{ volver: '/usuarios/perfil' }} className="btn-primary mt-4">
          Iniciar sesión
        </Link>
      </PlaceholderPage>
    )
  }

  const cuenta = data ?? cuentaOf(usuario)
  const openInfo = () => setDialog('info')

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <PerfilHeader name={cuenta.name} />

      {error ? (
        <p role="alert" className="mt-4 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800">
          {apiErrorMessage(error, SPEC_MESSAGES.ingresar)}
        </p>
      ) : null}

      <dl className="mt-6 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4" aria-busy={isLoading}>
        <Row label="Nombre" value={cuenta.name} onEdit={openInfo} />
        <Row label="Teléfono" value={cuenta.phone} onEdit={openInfo} />
        <Row label="Dirección" value={cuenta.address} onEdit={openInfo} />
        <Row label="Correo electrónico" value={cuenta.email} onEdit={openInfo} email />
        <Row label="Contraseña" value="••••••••" onEdit={() => setDialog('password')} />
      </dl>

      {cuenta.rol === 'Cliente' ? <OrdenMailsSetting cuenta={data} onSaved={setToast} /> : null}
      {/* Every purchase with its folio, ticket and invoicing, one tap away. */}
      <Link to="/usuarios/compras" className="btn-primary mt-6 w-full" data-testid="mis-compras">
        Mis compras: folios y facturas
      </Link>

      {fiscal}

      <CompraHistoryTable usuarioId={cuenta._id} />

      {dialog === 'info' ? (
        <InfoDialog
          cuenta={cuenta}
          onClose={() => setDialog(null)}
          onSaved={(a) => {
            setDialog(null)
            setToast(`${a.name} actualizado correctamente.`)
          }}
        />
      ) : null}
      {dialog === 'password' ? (
        <PasswordDialog
          email={cuenta.email}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null)
            setToast(`${cuenta.name} actualizado correctamente.`)
          }}
        />
      ) : null}

      <Toast text={toast} />
    </section>
  )
}
