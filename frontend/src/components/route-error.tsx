import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { NotFoundPage } from '@/components/not-found-page'

/** The error element of every route: a 404 shows the not-found page, anything else a retry. */
export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  if (import.meta.env.DEV) console.error(error)
  return (
    <section role="alert" className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">Algo salió mal</h1>
      <p className="mt-2 text-slate-600">
        No pudimos mostrar esta página. Vuelve a cargarla o regresa al inicio.
      </p>
      <div className="mt-8 flex gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Recargar
        </button>
        <Link to="/" className="btn-secondary">
          Ir a Inicio
        </Link>
      </div>
    </section>
  )
}
