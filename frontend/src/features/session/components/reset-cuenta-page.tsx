import { useEffect, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Dialog } from '@/components/dialog'
import { FormField } from '@/components/form-field'
import { useDocumentTitle } from '@/components/use-document-title'
import { SPEC_MESSAGES } from '@/lib/error-messages'
import { apiErrorMessage, serverFieldErrors } from '@/lib/api-errors'
import { useResetPasswordMutation, useRecoverPasswordMutation } from '@/features/session/cuenta-api'
import { FormAlert } from '@/features/session/components/cuenta-fields'

/** Time the success message stays before going to `/login`. */
export const RESET_REDIRECT_MS = 2000
export const PASSWORD_CHANGED = 'Contraseña actualizada. Ya puedes iniciar sesión.'

/** `/usuarios/restablecer-cuenta`: the e-mail, then a dialog for the mailed code and the new password. */
export function ResetCuentaPage() {
  useDocumentTitle('Restablecer cuenta')
  const [requestCode, recovery] = useRecoverPasswordMutation()
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState<string | null>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const emailErrors = serverFieldErrors(recovery.error)

  const onRequest = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (recovery.isLoading) return
    const result = await requestCode({ email: email.trim() })
    if ('data' in result && result.data) {
      setSent(result.data.message)
      setDialogOpen(true)
    }
  }

  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-10">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-brand-900">Restablecer cuenta</h1>
        <p className="mt-1 text-center text-sm text-slate-600">
          Escribe el correo de tu cuenta: con un código de 6 dígitos crearás una nueva contraseña.
        </p>
        <form className="mt-6 space-y-4" onSubmit={onRequest} noValidate>
          <FormField
            label="Correo electrónico"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={emailErrors.email}
          />
          {recovery.error && !emailErrors.email ? (
            <FormAlert>{apiErrorMessage(recovery.error, SPEC_MESSAGES.restablecerPassword)}</FormAlert>
          ) : null}
          {sent && !dialogOpen ? <p className="rounded-xl bg-teal-50 px-4 py-3 text-sm text-teal-900">{sent}</p> : null}
          <button type="submit" className="btn-primary w-full" disabled={recovery.isLoading}>
            {recovery.isLoading ? 'Enviando…' : sent ? 'Enviar otro código' : 'Enviar código'}
          </button>
          {sent && !dialogOpen ? (
            <button type="button" className="btn-secondary w-full" onClick={() => setDialogOpen(true)}>
              Ya tengo el código
            </button>
          ) : null}
        </form>
      </div>

      <NewPasswordDialog open={dialogOpen} email={email} sent={sent} onClose={() => setDialogOpen(false)} />
    </section>
  )
}

type NewPasswordDialogProps = {
  open: boolean
  /** The e-mail as typed on the page; the code was sent to it. */
  email: string
  /** The server's line about the code it sent. */
  sent: string | null
  onClose: () => void
}

/**
 * 'Restablecer contraseña': the mailed code and the new password; after the change the login
 * screen opens RESET_REDIRECT_MS later with the e-mail filled in.
 */
function NewPasswordDialog({ open, email, sent, onClose }: NewPasswordDialogProps) {
  const navigate = useNavigate()
  const [changePassword, change] = useResetPasswordMutation()
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [done, setDone] = useState(false)
  const changeErrors = serverFieldErrors(change.error)

  useEffect(() => {
    if (!done) return
    const timer = window.setTimeout(
      () => navigate('/login', { replace: true, state: { message: PASSWORD_CHANGED, email: email.trim() } }),
      RESET_REDIRECT_MS,
    )
    return () => window.clearTimeout(timer)
  }, [done, navigate, email])

  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (change.isLoading || done) return
    const result = await changePassword({ email: email.trim(), password: code.trim(), newPassword: password })
    if ('data' in result && result.data) setDone(true)
  }

  return (
    <Dialog open={open} onClose={onClose} title="Restablecer contraseña" description={sent ?? undefined}>
      <form className="space-y-4" onSubmit={onChange} noValidate>
        <FormField
          label="Código"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={changeErrors.password}
        />
        <FormField
          label="Nueva contraseña"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint="Al menos 8 caracteres."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={changeErrors.newPassword}
        />
        {change.error && !changeErrors.password && !changeErrors.newPassword ? (
          <FormAlert>{changeErrors.email ?? apiErrorMessage(change.error, SPEC_MESSAGES.cambiarPassword)}</FormAlert>
        ) : null}
        {done ? (
          <p role="status" className="rounded-xl bg-teal-50 px-4 py-3 text-sm font-medium text-teal-900">
            {PASSWORD_CHANGED}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={change.isLoading || done}>
          {change.isLoading ? 'Guardando…' : 'Cambiar contraseña'}
        </button>
      </form>
    </Dialog>
  )
}
