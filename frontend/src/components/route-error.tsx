import { useEffect } from 'react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { NotFoundPage } from '@/components/not-found-page'

const reload = () => window.location.reload()

/**
 * The error element of every route: a 404 shows the not-found page; a screen whose code could not
 * be loaded offline says 'Sin conexión' and loads again by itself once the browser is back online;
 * anything else offers a retry.
 */
export function RouteError() {
  const error = useRouteError()
  // The browser's words for a module it could not fetch differ; offline, any failure is that.
  const offline = !navigator.onLine || /dynamically imported module|importing a module script/i.test(String(error))
  useEffect(() => {
    if (!offline) return
    window.addEventListener('online', reload)
    return () => window.removeEventListener('online', reload)
  }, [offline])
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  if (import.meta.env.DEV) console.error(error)
  return (
    <section role="alert" className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{offline ? 'Sin conexión' : 'Algo salió mal'}</h1>
      <p className="mt-2 text-slate-600">
        {offline
          ? 'Revisa tu conexión a internet. La página se cargará en cuanto vuelva.'
          : 'No pudimos mostrar esta página. Vuelve a cargarla o regresa al inicio.'}
      </p>
      <div className="mt-8 flex gap-3">
        <button type="button" className="btn-primary" onClick={reload}>
          {offline ? 'Reintentar' : 'Recargar'}
        </button>
        <Link to="/" className="btn-secondary">
          Ir a Inicio
        </Link>
      </div>
    </section>
  )
}
