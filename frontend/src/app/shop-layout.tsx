import { useState } from 'react'
import { Outlet, useNavigate, useNavigation } from 'react-router'
import { useAppDispatch, useAppSelector } from '@/lib/hooks'
import { BottomNav } from '@/components/layout/bottom-nav'
import { CategoriaMenu } from '@/components/layout/categoria-menu'
import { Footer } from '@/components/layout/footer'
import { Header } from '@/components/layout/header'
import { SessionNotice } from '@/components/layout/session-notice'
import { SideMenu } from '@/components/layout/side-menu'
import { TopBar } from '@/components/layout/top-bar'
import { useInBrowser } from '@/components/use-in-browser'
import { DEFAULT_SHOP_NAME } from '@/lib/categorias'
import { selectCarritoCount } from '@/lib/carrito-slice'
import { useGetConfigQuery } from '@/lib/config-api'
import {
  noticeDismissed,
  selectFirstName,
  selectIsAdmin,
  selectIsSignedIn,
  selectNotice,
  selectRol,
  signOut,
} from '@/lib/session-slice'
import { SearchBox } from '@/features/search/components/search-box'
import { screensFor } from '@/features/staff/permissions'

/** The frame of every shop screen. */
export function ShopLayout() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const navigation = useNavigation()
  // Prerendered, and while React adopts that markup, the frame is drawn as with no session and no
  // answers yet (what the prerendered HTML holds); the browser's state follows a moment later.
  const inBrowser = useInBrowser()
  const firstName = useAppSelector((s) => (inBrowser ? selectFirstName(s) : ''))
  const signedIn = useAppSelector((s) => inBrowser && selectIsSignedIn(s))
  const isAdmin = useAppSelector((s) => inBrowser && selectIsAdmin(s))
  const notice = useAppSelector((s) => (inBrowser ? selectNotice(s) : null))
  // The 'Administrador' entry opens the first staff screen the role may use.
  const adminPath = screensFor(useAppSelector((s) => (inBrowser ? selectRol(s) : null)))[0]?.path
  const carritoCount = useAppSelector(selectCarritoCount)
  const answer = useGetConfigQuery().data
  const config = inBrowser ? answer : undefined
  const [menuOpen, setMenuOpen] = useState(false)
  const shopName = config?.tienda?.nombre || DEFAULT_SHOP_NAME

  const onSignOut = () => {
    dispatch(signOut())
    navigate('/login')
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      {navigation.state === 'loading' ? (
        <div className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-teal-400" role="progressbar" aria-label="Cargando" />
      ) : null}
      <SessionNotice message={notice} onDismiss={() => dispatch(noticeDismissed())} />
      <TopBar firstName={firstName} phone={config?.tienda?.telefono} />
      <Header
        shopName={shopName}
        carritoCount={carritoCount}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
        search={<SearchBox />}
      />
      <CategoriaMenu />
      {/* At least a screen tall, so that the footer starts below the fold and does not jump
          (layout shift) when a skeleton is replaced by the taller content. */}
      <main id="contenido" className="flex min-h-dvh w-full flex-1 flex-col">
        <Outlet />
      </main>
      <Footer shopName={shopName} tienda={config?.tienda} />
      <BottomNav />
      <SideMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        firstName={firstName}
        signedIn={signedIn}
        isAdmin={isAdmin}
        adminPath={adminPath}
        onSignOut={onSignOut}
      />
    </div>
  )
}
