import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { FormField } from '@/components/form-field'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage, serverFieldErrors } from '@/lib/api-errors'
import { SPEC_MESSAGES } from '@/lib/error-messages'
import { useRegisterMutation } from '@/features/session/cuenta-api'
import { EmailField, FormAlert, NameField, PhoneField } from '@/features/session/components/cuenta-fields'

/** Message the login screen shows after a registration. */
export const REGISTERED_MESSAGE = 'Tu cuenta fue creada. Ya puedes iniciar sesión.'

/** `/usuarios/registro` ('Registre sus datos'): a new customer account, then `/login`. */
export function RegisterPage() {
  useDocumentTitle('Registre sus datos')
  const navigate = useNavigate()
  // Where the login screen that sent the shopper here returns to, passed back to it.
  const volver = ((useLocation().state ?? null) as { volver?: string } | null)?.volver
  const [register, { isLoading, error }] = useRegisterMutation()
  const [form, setForm] = useState({ name: '', email: '', password: '', phone: '' })
  const fields = serverFieldErrors(error)
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value })

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isLoading) return
    const result = await register({ ...form, email: form.email.trim() })
    if ('data' in result && result.data) {
      navigate('/login', { state: { message: REGISTERED_MESSAGE, email: result.data.email, volver } })
    }
  }

  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-10">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-brand-900">Registre sus datos</h1>
        <p className="mt-1 text-center text-sm text-slate-600">Crea tu cuenta para comprar y ver tus pedidos.</p>
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <NameField value={form.name} onChange={set('name')} error={fields.name} />
          <EmailField value={form.email} onChange={set('email')} error={fields.email} />
          <FormField
            label="Contraseña"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="Al menos 8 caracteres."
            value={form.password}
            onChange={set('password')}
            error={fields.password}
          />
          <PhoneField hint="10 dígitos." value={form.phone} onChange={set('phone')} error={fields.phone} />
          {error && Object.keys(fields).length === 0 ? <FormAlert>{apiErrorMessage(error, SPEC_MESSAGES.actualizarUsuario)}</FormAlert> : null}
          <button type="submit" className="btn-primary w-full" disabled={isLoading}>
            {isLoading ? 'Registrando…' : 'Registrar'}
          </button>
        </form>
        <div className="mt-6 text-center text-sm">
          <Link to="/login" state={{ volver }} className="link inline-flex min-h-11 items-center">
            Ya tengo cuenta
          </Link>
        </div>
      </div>
    </section>
  )
}
