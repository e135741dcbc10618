import { Link } from 'react-router'
import { AlertIcon, CloseIcon } from '@/components/icons'

type SessionNoticeProps = { message: string | null; onDismiss: () => void }

/** The message shown after the server refused the session and the user was signed out. */
export function SessionNotice({ message, onDismiss }: SessionNoticeProps) {
  if (!message) return null
  return (
    <div role="alert" className="border-b border-amber-200 bg-amber-50 text-amber-900">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5 text-sm">
        <AlertIcon size={18} />
        <p className="flex-1">
          {message}{' '}
          <Link to="/login" className="font-semibold underline underline-offset-2" onClick={onDismiss}>
            Iniciar sesión
          </Link>
        </p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Cerrar aviso"
          className="rounded-full p-1 text-amber-800 hover:bg-amber-100"
        >
          <CloseIcon size={16} />
        </button>
      </div>
    </div>
  )
}
