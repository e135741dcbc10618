import { memo, useCallback, useState } from 'react'
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

// The frame's parts, each drawn again only when its own props change: ShopLayout renders again on
// every change of what it reads (a navigation's state, the config's answer and its loading states,
// the browser's state), and React runs such a render from the store in one task it cannot slice.
const FrameSessionNotice = memo(SessionNotice)
const FrameTopBar = memo(TopBar)
const FrameHeader = memo(Header)
const FrameCategoriaMenu = memo(CategoriaMenu)
const FrameFooter = memo(Footer)
const FrameBottomNav = memo(BottomNav)
const FrameSideMenu = memo(SideMenu)
const searchBox = <SearchBox />

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
  // Only the answer: its loading states alone draw nothing here.
  const answer = useGetConfigQuery(undefined, { selectFromResult: ({ data }) => ({ data }) }).data
  const config = inBrowser ? answer : undefined
  const [menuOpen, setMenuOpen] = useState(false)
  const shopName = config?.tienda?.nombre || DEFAULT_SHOP_NAME

  const onSignOut = useCallback(() => {
    dispatch(signOut())
    navigate('/login')
  }, [dispatch, navigate])
  const onDismissNotice = useCallback(() => dispatch(noticeDismissed()), [dispatch])
  const onOpenMenu = useCallback(() => setMenuOpen(true), [])
  const onCloseMenu = useCallback(() => setMenuOpen(false), [])

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      {navigation.state === 'loading' ? (
        <div className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-teal-400" role="progressbar" aria-label="Cargando" />
      ) : null}
      <FrameSessionNotice message={notice} onDismiss={onDismissNotice} />
      <FrameTopBar firstName={firstName} phone={config?.tienda?.telefono} />
      <FrameHeader shopName={shopName} carritoCount={carritoCount} menuOpen={menuOpen} onOpenMenu={onOpenMenu} search={searchBox} />
      <FrameCategoriaMenu />
      {/* At least a screen tall, so that the footer starts below the fold and does not jump
          (layout shift) when a skeleton is replaced by the taller content. */}
      <main id="contenido" className="flex min-h-dvh w-full flex-1 flex-col">
        <Outlet />
      </main>
      <FrameFooter shopName={shopName} tienda={config?.tienda} />
      <FrameBottomNav />
      <FrameSideMenu
        open={menuOpen}
        onClose={onCloseMenu}
        firstName={firstName}
        signedIn={signedIn}
        isAdmin={isAdmin}
        adminPath={adminPath}
        onSignOut={onSignOut}
      />
    </div>
  )
}
