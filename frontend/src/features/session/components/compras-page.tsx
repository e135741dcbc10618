import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useAppSelector } from '@/lib/hooks'
import { useDocumentTitle } from '@/components/use-document-title'
import { selectIsSignedIn, selectUsuario } from '@/lib/session-slice'
import type { Compra } from '@/features/session/cuenta-types'
import { CompraList } from '@/features/session/components/compras'

/**
 * `/usuarios/compras` and `/usuarios/listar`: the signed-in customer's real purchases;
 * `facturaAction` renders a purchase's invoicing line (another feature's, composed in src/app).
 */
export function ComprasPage({ facturaAction }: { facturaAction?: (p: Compra) => ReactNode } = {}) {
  useDocumentTitle('Mis compras')
  const signedIn = useAppSelector(selectIsSignedIn)
  const usuario = useAppSelector(selectUsuario)
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Mis compras</h1>
      <div className="mt-4">
        {signedIn && usuario?.id ? (
          <CompraList usuarioId={usuario.id} facturaAction={facturaAction} />
        ) : (
          <div className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">
            <p>Inicia sesión para ver tus compras.</p>
            <Link to="/login" state={{ volver: '/usuarios/compras' }} className="btn-primary mt-4">
              Iniciar sesión
            </Link>
          </div>
        )}
      </div>
    </section>
  )
}
