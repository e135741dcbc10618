import { Link } from 'react-router'
import { ShieldIcon } from '@/components/icons'

/** The hero card at the top of the home page. */
export function FeaturedCard() {
  return (
    <section
      aria-labelledby="destacado-titulo"
      className="relative overflow-hidden rounded-3xl bg-brand-900 px-5 py-6 text-white shadow-lg sm:px-10 sm:py-12"
    >
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-16 h-56 w-56 rounded-full bg-teal-500/25 blur-2xl sm:h-80 sm:w-80"
      />
      <div aria-hidden="true" className="absolute right-6 bottom-6 hidden text-teal-300/30 sm:block">
        <ShieldIcon size={160} strokeWidth={1.2} />
      </div>
      <div className="relative max-w-xl">
        <p className="text-xs font-semibold tracking-widest text-teal-300 uppercase">Seguridad profesional</p>
        <h1 id="destacado-titulo" className="mt-2 text-[1.6rem] leading-tight font-extrabold sm:text-4xl">
          Protege lo que más importa
        </h1>
        <p className="mt-3 text-sm text-slate-200 sm:text-base">
          Cámaras, grabadores, redes y energía de las mejores marcas, con asesoría experta y precios en pesos.
        </p>
        <div className="mt-5 flex flex-wrap gap-2.5 sm:mt-6 sm:gap-3">
          <Link to="/modern" className="btn-accent px-4 sm:px-5">
            Ver catálogo
          </Link>
          <Link to="/ofertas" className="btn-ghost-light px-4 sm:px-5">
            Ver descuentos
          </Link>
        </div>
      </div>
    </section>
  )
}
