import { Link } from 'react-router'
import { AlertIcon } from '@/components/icons'
import { useDocumentTitle } from '@/components/use-document-title'

/** Shown instead of a staff screen the signed-in role may not open. */
export function Forbidden() {
  useDocumentTitle('Sin permiso')
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <AlertIcon size={28} />
      </span>
      <h1 className="mt-4 text-xl font-bold text-brand-900">No tienes permiso para ver esta página</h1>
      <p className="mt-2 text-slate-600">Si crees que es un error, pide a un administrador que revise tu rol.</p>
      <Link to="/" className="btn-secondary mt-6">
        Ir a la tienda
      </Link>
    </section>
  )
}
