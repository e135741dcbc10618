import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { CarritoIcon, MenuIcon, UsuarioIcon } from '@/components/icons'
import { Logo } from '@/components/layout/logo'
import { useInBrowser } from '@/components/use-in-browser'

type HeaderProps = {
  shopName: string
  carritoCount: number
  menuOpen: boolean
  onOpenMenu: () => void
  /** The search box: below the logo row on phones, between logo and icons from 768 px. */
  search: ReactNode
}

const iconButton =
  'relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-300'

/** The shop header: menu button, logo, search, profile and cart with its badge. */
export function Header({ shopName, carritoCount, menuOpen, onOpenMenu, search }: HeaderProps) {
  // Prerendered at build time, the cart (in browser storage) is unknown and the menu cannot open
  // yet: no badge, a neutral label and a disabled button until the app runs.
  const ready = useInBrowser()
  const badge = carritoCount > 99 ? '99+' : String(carritoCount)
  return (
    <header className="sticky top-0 z-40 bg-brand-900 text-white shadow-md shadow-brand-950/20">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 px-2 py-2 sm:gap-x-2 sm:px-4">
        <button
          type="button"
          className={iconButton}
          onClick={onOpenMenu}
          disabled={!ready}
          aria-label="Abrir menú"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls="menu-principal"
        >
          <MenuIcon />
        </button>
        {/* The logo takes what the three icons leave (and shrinks, down to 320 px), so the icons
            stay on its row instead of wrapping under it. */}
        <Logo name={shopName} className="flex-1 md:flex-none" />
        <div className="order-last w-full px-1 pt-1 pb-1 md:order-none md:w-auto md:flex-1 md:px-6 md:py-0">
          {search}
        </div>
        <Link to="/usuarios/perfil" className={iconButton} aria-label="Mi perfil">
          <UsuarioIcon />
        </Link>
        <Link
          to="/carrito"
          className={iconButton}
          aria-label={!ready ? 'Carrito' : carritoCount > 0 ? `Carrito, ${carritoCount} artículos` : 'Carrito, vacío'}
        >
          <CarritoIcon />
          {ready && carritoCount > 0 ? (
            <span
              data-testid="cart-badge"
              aria-hidden="true"
              className="absolute top-0.5 right-0 min-w-5 rounded-full bg-teal-400 px-1 text-center text-[11px] leading-5 font-bold text-brand-950 ring-2 ring-brand-900"
            >
              {badge}
            </span>
          ) : null}
        </Link>
      </div>
    </header>
  )
}
