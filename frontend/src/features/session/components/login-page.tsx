import { useEffect, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { SerializedError } from '@reduxjs/toolkit'
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import { useAppDispatch } from '@/lib/hooks'
import { useDocumentTitle } from '@/components/use-document-title'
import { apiErrorMessage } from '@/lib/api-errors'
import { safeReturnPath } from '@/lib/return-path'
import { firstName } from '@/lib/text'
import { signIn } from '@/lib/session-slice'
import { useLoginMutation } from '@/features/session/api'
import { FormAlert } from '@/features/session/components/cuenta-fields'

/** Time the success message stays before going home. */
export const LOGIN_REDIRECT_MS = 2000

/**
 * Signs in once: stores the session, keeps the first name for the welcome line and, LOGIN_REDIRECT_MS
 * later, returns to `returnTo` (the page the shopper came from). `welcome` is null until the
 * sign-in succeeded.
 */
function useSignIn(returnTo: string) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [login, { isLoading, error }] = useLoginMutation()
  const [welcome, setWelcome] = useState<string | null>(null)

  useEffect(() => {
    if (welcome === null) return
    const timer = window.setTimeout(() => navigate(returnTo, { replace: true }), LOGIN_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [welcome, navigate, returnTo])

  const signInWith = async (email: string, password: string) => {
    if (isLoading || welcome !== null) return
    const result = await login({ email: email.trim(), password })
    if ('data' in result && result.data) {
      dispatch(signIn(result.data))
      setWelcome(firstName(result.data.data.dataUser?.name))
    }
  }
  return { signInWith, isLoading, error, welcome }
}

/**
 * `/login`: email and password; on success the session is stored and, after 2 s, the page the
 * shopper came from opens (the link's state `volver`, a path of this shop; the staff
 * guards' `from` is not followed, since signing out on a staff screen leaves one), else the home page.
 */
export function LoginPage() {
  useDocumentTitle('Iniciar sesión')
  // A message and e-mail left by the registration or the password reset; where to return.
  const arrival = (useLocation().state ?? null) as { message?: string; email?: string; volver?: string } | null
  const { signInWith, isLoading, error, welcome } = useSignIn(safeReturnPath(arrival?.volver))
  const [email, setEmail] = useState(arrival?.email ?? '')
  const [password, setPassword] = useState('')

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    await signInWith(email, password)
  }

  return (
    <section className="mx-auto flex w-full max-w-md flex-col px-4 py-10">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <img src="/favicon.svg" alt="" width={48} height={48} className="mx-auto h-12 w-12" />
        <h1 className="mt-4 text-center text-2xl font-bold text-brand-900">Iniciar sesión</h1>
        <p className="mt-1 text-center text-sm text-slate-600">Ingresa con tu correo y contraseña.</p>

        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <div>
            <label htmlFor="login-email" className="field-label">
              Correo electrónico
            </label>
            <input
              id="login-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="login-password" className="field-label">
              Contraseña
            </label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className="field-input"
            />
          </div>

          <LoginMessage welcome={welcome} error={error} arrivalMessage={arrival?.message} />

          <button type="submit" className="btn-primary w-full" disabled={isLoading || welcome !== null}>
            {isLoading ? 'Ingresando…' : 'Ingresar'}
          </button>
        </form>

        <div className="mt-6 flex flex-col items-center gap-2 text-sm">
          <Link to="/usuarios/registro" state={{ volver: arrival?.volver }} className="link inline-flex min-h-11 items-center">
            No tengo cuenta
          </Link>
          <Link to="/usuarios/restablecer-cuenta" className="link inline-flex min-h-11 items-center">
            ¿Olvidó la contraseña ?
          </Link>
        </div>
      </div>
    </section>
  )
}

type LoginMessageProps = {
  /** The first name after a successful sign-in ('' when the account has none), else null. */
  welcome: string | null
  error: FetchBaseQueryError | SerializedError | undefined
  /** What the registration or the password reset left for this screen. */
  arrivalMessage?: string
}

/** The one line above 'Ingresar': the welcome, else the failure, else the arrival message. */
function LoginMessage({ welcome, error, arrivalMessage }: LoginMessageProps) {
  if (welcome !== null) {
    return (
      <p role="status" className="rounded-xl bg-teal-50 px-4 py-3 text-sm font-medium text-teal-900">
        {welcome ? `¡Bienvenido, ${welcome}!` : '¡Bienvenido!'} Sesión iniciada correctamente.
      </p>
    )
  }
  if (error) return <FormAlert>{apiErrorMessage(error, 'Error al ingresar')}</FormAlert>
  if (arrivalMessage) return <p className="rounded-xl bg-teal-50 px-4 py-3 text-sm font-medium text-teal-900">{arrivalMessage}</p>
  return null
}
