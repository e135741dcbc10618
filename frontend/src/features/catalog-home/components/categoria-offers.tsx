import type { ComponentType } from 'react'
import { Link } from 'react-router'
import { CameraIcon, HeadphonesIcon, RouterIcon } from '@/components/icons'

const OFFERS: { title: string; text: string; to: string; icon: ComponentType<{ size?: number }>; tone: string }[] = [
  {
    title: 'Video Vigilancia',
    text: 'Cámaras, DVR y NVR',
    to: '/busqueda/video-vigilancia',
    icon: CameraIcon,
    tone: 'from-brand-800 to-brand-700',
  },
  { title: 'Tech Store', text: 'Redes, routers y más', to: '/modern', icon: RouterIcon, tone: 'from-teal-700 to-teal-600' },
  {
    title: 'Acesorios',
    text: 'Cables, soportes y fuentes',
    to: '/busqueda/accesorios',
    icon: HeadphonesIcon,
    tone: 'from-slate-800 to-slate-700',
  },
]

export function CategoriaOffers() {
  return (
    <section aria-labelledby="ofertas-categoria" className="mt-10">
      <h2 id="ofertas-categoria" className="section-title">
        Ofertas por categoría
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
        {OFFERS.map(({ title, text, to, icon: Icon, tone }) => (
          <li key={title}>
            <Link
              to={to}
              className={`group flex items-center gap-4 rounded-2xl bg-gradient-to-br ${tone} p-5 text-white shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-500`}
            >
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-white/15">
                <Icon size={26} />
              </span>
              <span>
                <span className="block text-lg font-bold">{title}</span>
                <span className="block text-sm text-white/80">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
