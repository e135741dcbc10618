import type { ComponentType, ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import {
  AlertIcon,
  ArchiveIcon,
  EfectivoIcon,
  ChartIcon,
  ClipboardIcon,
  GridIcon,
  LogOutIcon,
  PackageIcon,
  PercentIcon,
  ReceiptIcon,
  ShieldIcon,
  StoreIcon,
  TagIcon,
  TrendingDownIcon,
  TruckIcon,
  UsuariosIcon,
} from '@/components/icons'
import { screensFor, type StaffScreen } from '@/features/staff/permissions'

const ICONS: Record<StaffScreen, ComponentType<{ size?: number }>> = {
  productos: PackageIcon,
  'bajo-inventario': TrendingDownIcon,
  descuentos: PercentIcon,
  ventas: ChartIcon,
  ordenes: ClipboardIcon,
  envios: TruckIcon,
  corte: EfectivoIcon,
  facturas: ReceiptIcon,
  usuarios: UsuariosIcon,
  'registro-errores': AlertIcon,
  auditoria: ShieldIcon,
  respaldos: ArchiveIcon,
  proveedor: GridIcon,
  categorias: TagIcon,
}

type StaffNavProps = {
  rol: string | null
  onNavigate?: () => void
  onSignOut: () => void
  /** Shown beside an entry (the count of 'Bajo inventario'), given by src/app. */
  badges?: Partial<Record<StaffScreen, ReactNode>>
}

const item =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-teal-400'

/** The admin drawer's entries: only the screens the role may open, then Tienda and Cerrar sesión. */
export function StaffNav({ rol, onNavigate, onSignOut, badges }: StaffNavProps) {
  return (
    <nav aria-label="Menú de administración" className="flex h-full flex-col gap-1 p-3">
      <ul className="space-y-1">
        {screensFor(rol).map(({ screen, label, path }) => {
          const Icon = ICONS[screen]
          return (
            <li key={screen}>
              <NavLink
                to={path}
                end
                onClick={onNavigate}
                className={({ isActive }) =>
                  `${item} ${isActive ? 'bg-teal-500/15 text-teal-200' : 'text-slate-200 hover:bg-white/10 hover:text-white'}`
                }
              >
                <Icon size={20} />
                {label}
                {badges?.[screen]}
              </NavLink>
            </li>
          )
        })}
      </ul>
      <ul className="mt-auto space-y-1 border-t border-white/10 pt-3">
        <li>
          <Link to="/" onClick={onNavigate} className={`${item} text-slate-200 hover:bg-white/10 hover:text-white`}>
            <StoreIcon size={20} />
            Tienda
          </Link>
        </li>
        <li>
          <button type="button" onClick={onSignOut} className={`${item} text-rose-200 hover:bg-rose-500/15`}>
            <LogOutIcon size={20} />
            Cerrar sesión
          </button>
        </li>
      </ul>
    </nav>
  )
}
