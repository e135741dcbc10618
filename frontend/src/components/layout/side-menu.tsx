import type { ComponentType, ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { Drawer } from '@/components/drawer'
import { categoriaIcon } from '@/components/layout/categoria-icons'
import { ChevronRightIcon, GridIcon, LogInIcon, LogOutIcon, ReceiptIcon, SettingsIcon, UsuarioIcon } from '@/components/icons'
import { categoriaPath, menuTiles, useListCategoriasQuery } from '@/lib/categorias'
import { returnHere, type ReturnState } from '@/lib/return-path'

type SideMenuProps = {
  open: boolean
  onClose: () => void
  firstName: string
  signedIn: boolean
  isAdmin: boolean
  /** Where 'Administrador' goes: the first staff screen of the role; none hides the entry. */
  adminPath?: string
  onSignOut: () => void
}

const itemClass =
  'flex w-full items-center gap-3 px-5 py-3.5 text-left text-[15px] font-medium text-slate-800 hover:bg-slate-50 focus-visible:bg-teal-50 focus-visible:outline-none'

type MenuLinkProps = { to: string; state?: ReturnState; icon: ComponentType<{ size?: number }>; children: ReactNode; onClose: () => void }

function MenuLink({ to, state, icon: Icon, children, onClose }: MenuLinkProps) {
  return (
    <li>
      <Link to={to} state={state} className={itemClass} onClick={onClose}>
        <span className="text-brand-700">
          <Icon size={20} />
        </span>
        <span className="flex-1">{children}</span>
        <ChevronRightIcon size={18} className="text-slate-400" />
      </Link>
    </li>
  )
}

/** The hamburger menu of the shop. */
export function SideMenu({ open, onClose, firstName, signedIn, isAdmin, adminPath, onSignOut }: SideMenuProps) {
  const staffPath = adminPath ?? (isAdmin ? '/productos' : undefined)
  const here = returnHere(useLocation())
  const { data: categorias = [] } = useListCategoriasQuery()
  return (
    <Drawer
      open={open}
      onClose={onClose}
      label="Menú principal"
      id="menu-principal"
      header={
        <div>
          <p className="text-xs tracking-wide text-teal-200 uppercase">Menú</p>
          <p className="truncate text-base font-semibold">{firstName ? `Hola ${firstName}` : 'Bienvenido'}</p>
        </div>
      }
    >
      <nav aria-label="Menú principal">
        <p className="px-5 pt-4 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Categorías</p>
        <ul>
          {menuTiles(categorias).map(({ id, menu, icono }) => (
            <MenuLink key={id} to={categoriaPath(id)} icon={categoriaIcon(icono)} onClose={onClose}>
              {menu}
            </MenuLink>
          ))}
          <MenuLink to="/modern" icon={GridIcon} onClose={onClose}>
            Todo
          </MenuLink>
        </ul>
        <div className="my-2 border-t border-slate-200" />
        <ul>
          {signedIn ? (
            <MenuLink to="/usuarios/perfil" icon={UsuarioIcon} onClose={onClose}>
              Perfil
            </MenuLink>
          ) : null}
          {signedIn ? (
            <MenuLink to="/usuarios/compras" icon={ReceiptIcon} onClose={onClose}>
              Mis compras
            </MenuLink>
          ) : null}
          {signedIn && staffPath ? (
            <MenuLink to={staffPath} icon={SettingsIcon} onClose={onClose}>
              Administrador
            </MenuLink>
          ) : null}
          {signedIn ? (
            <li>
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  onClose()
                  onSignOut()
                }}
              >
                <span className="text-rose-600">
                  <LogOutIcon size={20} />
                </span>
                <span className="flex-1">Cerrar sesión</span>
              </button>
            </li>
          ) : (
            <MenuLink to="/login" state={here} icon={LogInIcon} onClose={onClose}>
              Iniciar sesión
            </MenuLink>
          )}
        </ul>
      </nav>
    </Drawer>
  )
}
