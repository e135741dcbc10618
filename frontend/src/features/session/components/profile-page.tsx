import { Link } from 'react-router'
import { useAppSelector } from '@/app/hooks'
import { PlaceholderPage } from '@/components/placeholder-page'
import { selectIsSignedIn, selectUser } from '@/features/session/session-slice'

/** `/usuarios/perfil`: a placeholder that already knows who is signed in. */
export function ProfilePage() {
  const signedIn = useAppSelector(selectIsSignedIn)
  const user = useAppSelector(selectUser)
  if (!signedIn) {
    return (
      <PlaceholderPage title="Mi perfil">
        <p>Inicia sesión para ver tu perfil, tus compras y tus pedidos pendientes.</p>
        <Link to="/login" className="btn-primary mt-4">
          Iniciar sesión
        </Link>
      </PlaceholderPage>
    )
  }
  return (
    <PlaceholderPage title="Mi perfil">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold text-slate-500 uppercase">Nombre</dt>
          <dd className="text-slate-900">{user?.name}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-slate-500 uppercase">Correo electrónico</dt>
          <dd className="break-all text-slate-900">{user?.email}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm">Pronto podrás editar tus datos y ver tu historial de compras aquí.</p>
    </PlaceholderPage>
  )
}
