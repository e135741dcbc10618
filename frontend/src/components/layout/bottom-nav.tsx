import type { ComponentType } from 'react'
import { NavLink } from 'react-router'
import { HomeIcon, PercentIcon, StoreIcon, UsuarioIcon } from '@/components/icons'

const TABS: { to: string; label: string; icon: ComponentType<{ size?: number }>; dot?: boolean }[] = [
  { to: '/', label: 'Inicio', icon: HomeIcon },
  { to: '/tiendas', label: 'Tiendas', icon: StoreIcon },
  { to: '/ofertas', label: 'Descuentos', icon: PercentIcon },
  { to: '/usuarios/perfil', label: 'Perfil', icon: UsuarioIcon, dot: true },
]

/** The tab bar at the bottom of phone screens (hidden from 768 px up). */
export function BottomNav() {
  return (
    <nav
      aria-label="Navegación inferior"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgba(15,23,42,0.06)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-4">
        {TABS.map(({ to, label, icon: Icon, dot }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                `relative flex flex-col items-center gap-0.5 pt-2 pb-1.5 text-[11px] font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-500 ${
                  isActive ? 'text-teal-700' : 'text-slate-600'
                }`
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={`absolute top-0 h-0.5 w-10 rounded-full ${isActive ? 'bg-teal-600' : 'bg-transparent'}`}
                    aria-hidden="true"
                  />
                  <span className="relative">
                    <Icon size={24} />
                    {dot ? (
                      <span
                        data-testid="perfil-dot"
                        aria-hidden="true"
                        className="absolute -top-0.5 -right-0.5 h-2.5 w-2.5 rounded-full bg-rose-500 ring-2 ring-white"
                      />
                    ) : null}
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
