import type { ComponentType } from 'react'
import { Link } from 'react-router'
import { FacebookIcon, InstagramIcon, MapPinIcon, PhoneIcon, ClockIcon, WhatsAppIcon, YouTubeIcon } from '@/components/icons'
import { telHref, whatsAppHref } from '@/lib/phone'

type FooterProps = {
  shopName: string
  tienda?: { direccion?: string; horario?: string; telefono?: string }
}

type Social = { label: string; href: string; icon: ComponentType<{ size?: number }> }

/** Footer: contact details, social links and the credit line. */
export function Footer({ shopName, tienda }: FooterProps) {
  const social: Social[] = [
    { label: 'Facebook', href: 'https://www.facebook.com/', icon: FacebookIcon },
    { label: 'Instagram', href: 'https://www.instagram.com/', icon: InstagramIcon },
    { label: 'YouTube', href: 'https://www.youtube.com/', icon: YouTubeIcon },
  ]
  if (tienda?.telefono) social.push({ label: 'WhatsApp', href: whatsAppHref(tienda.telefono), icon: WhatsAppIcon })

  return (
    <footer className="mt-12 bg-brand-950 pb-[calc(4rem+env(safe-area-inset-bottom))] text-slate-300 md:pb-0">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{shopName}</p>
          <p className="mt-2 text-sm leading-relaxed">
            Videovigilancia, redes, energía y accesorios para proteger tu hogar y tu negocio.
          </p>
          <p className="mt-3 text-sm">
            <Link to="/facturar" className="inline-flex min-h-11 items-center font-semibold text-white underline-offset-2 hover:underline">
              Facturar mi compra
            </Link>
          </p>
        </div>
        {tienda ? (
          <address className="space-y-2 text-sm not-italic">
            <p className="font-semibold text-white">Contacto</p>
            {tienda.direccion ? (
              <p className="flex gap-2">
                <MapPinIcon size={18} className="mt-0.5 shrink-0 text-teal-400" />
                <span>{tienda.direccion}</span>
              </p>
            ) : null}
            {tienda.horario ? (
              <p className="flex gap-2">
                <ClockIcon size={18} className="mt-0.5 shrink-0 text-teal-400" />
                <span>{tienda.horario}</span>
              </p>
            ) : null}
            {tienda.telefono ? (
              <p className="flex gap-2">
                <PhoneIcon size={18} className="mt-0.5 shrink-0 text-teal-400" />
                <a className="inline-flex min-h-11 items-center underline-offset-2 hover:text-white hover:underline" href={telHref(tienda.telefono)}>
                  {tienda.telefono}
                </a>
              </p>
            ) : null}
          </address>
        ) : null}
        <div>
          <p className="text-sm font-semibold text-white">Síguenos</p>
          <ul className="mt-3 flex gap-3">
            {social.map(({ label, href, icon: Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-teal-500 hover:text-brand-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300"
                >
                  <Icon size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-xs text-slate-400">
          © {new Date().getFullYear()} {shopName}. Todos los derechos reservados. Precios en pesos mexicanos (MXN).
        </p>
      </div>
    </footer>
  )
}
