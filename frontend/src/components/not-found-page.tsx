import { Link } from 'react-router'
import { useDocumentTitle } from '@/components/use-document-title'

/** Shown for every route the app does not know. */
export function NotFoundPage() {
  useDocumentTitle('Página no encontrada')
  return (
    <section className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-16 text-center">
      <p className="text-6xl font-black text-teal-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-brand-900">Página no encontrada</h1>
      <p className="mt-2 text-slate-600">La página que buscas no existe o fue movida.</p>
      <Link to="/" className="btn-primary mt-8">
        Volver a Inicio
      </Link>
    </section>
  )
}
