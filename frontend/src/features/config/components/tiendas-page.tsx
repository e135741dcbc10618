import { ClockIcon, MapPinIcon, PhoneIcon } from '@/components/icons'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { telHref } from '@/lib/phone'
import { useGetConfigQuery } from '@/lib/config-api'

/** `/tiendas`: where the shop is, its hours and phone, from `GET /v1/config`. */
export function TiendasPage() {
  useDocumentTitle('Tiendas')
  const { data, isLoading, isError, refetch } = useGetConfigQuery()
  const tienda = data?.tienda

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">Tiendas</h1>
      <p className="mt-1 text-slate-600">Visítanos, te asesoramos en persona.</p>

      {isLoading ? (
        <div className="mt-6 space-y-3 rounded-2xl border border-slate-200 bg-white p-6" aria-busy="true">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ) : isError || !tienda ? (
        <div role="alert" className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-6">
          <p className="font-medium text-amber-900">
            No pudimos cargar la información de la tienda. Intenta de nuevo más tarde.
          </p>
          <button type="button" className="btn-primary mt-4" onClick={() => refetch()}>
            Reintentar
          </button>
        </div>
      ) : (
        <article className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div className="bg-brand-900 px-6 py-4">
            <h2 className="text-lg font-semibold text-white">{tienda.nombre}</h2>
          </div>
          <dl className="divide-y divide-slate-100">
            <div className="flex gap-3 px-6 py-4">
              <MapPinIcon className="mt-0.5 shrink-0 text-teal-600" />
              <div>
                <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Dirección</dt>
                <dd className="text-slate-900">{tienda.direccion}</dd>
              </div>
            </div>
            <div className="flex gap-3 px-6 py-4">
              <ClockIcon className="mt-0.5 shrink-0 text-teal-600" />
              <div>
                <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Horario</dt>
                <dd className="text-slate-900">{tienda.horario}</dd>
              </div>
            </div>
            <div className="flex gap-3 px-6 py-4">
              <PhoneIcon className="mt-0.5 shrink-0 text-teal-600" />
              <div>
                <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Teléfono</dt>
                <dd>
                  <a href={telHref(tienda.telefono)} className="link inline-flex min-h-11 items-center text-base">
                    {tienda.telefono}
                  </a>
                </dd>
              </div>
            </div>
          </dl>
          {tienda.mapa ? (
            <div className="px-6 pb-6">
              <a href={tienda.mapa} target="_blank" rel="noopener noreferrer" className="btn-primary w-full sm:w-auto">
                <MapPinIcon size={18} />
                Ver en el mapa
              </a>
            </div>
          ) : null}
        </article>
      )}
    </section>
  )
}
