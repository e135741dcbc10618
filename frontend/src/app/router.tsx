import type { ComponentType } from 'react'
import { Outlet, type RouteObject } from 'react-router'
import { ShopLayout } from '@/app/shop-layout'
import { NotFoundPage } from '@/components/not-found-page'
import { PageLoading } from '@/components/page-loading'
import { PlaceholderPage } from '@/components/placeholder-page'
import { RouteError } from '@/components/route-error'
import type { StaffHandle } from '@/features/staff/components/staff-layout'

/** A lazily loaded screen: `page(() => import('x'), 'Name')`. */
function page<M>(load: () => Promise<M>, name: keyof M) {
  return {
    lazy: async () => ({ Component: (await load())[name] as ComponentType }),
  }
}

const staffPages = () => import('@/features/staff/components/staff-pages')

type StaffPageName = keyof Awaited<ReturnType<typeof staffPages>>

function staff(path: string, name: StaffPageName, handle: StaffHandle): RouteObject {
  return { path, handle, ...page(staffPages, name) }
}

/** Every route of the app; `main.tsx` gives them to `createBrowserRouter`, tests to a memory router. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Outlet,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      {
        // The shop: header, menus, footer and bottom navigation around every screen.
        Component: ShopLayout,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, ...page(() => import('@/features/catalog-home/components/home-page'), 'HomePage') },
              { path: 'tiendas', ...page(() => import('@/features/config/components/stores-page'), 'StoresPage') },
              {
                path: 'ofertas',
                element: (
                  <PlaceholderPage title="Descuentos">
                    <p>Aquí verás los productos con descuento. ¡Muy pronto!</p>
                  </PlaceholderPage>
                ),
              },
              {
                path: 'modern',
                element: (
                  <PlaceholderPage title="Todos los productos">
                    <p>Muy pronto podrás explorar aquí todo el catálogo.</p>
                  </PlaceholderPage>
                ),
              },
              { path: 'busqueda/:id', ...page(() => import('@/features/catalog/components/category-page'), 'CategoryPage') },
              { path: 'product/:id', ...page(() => import('@/features/catalog/components/product-page'), 'ProductPage') },
              { path: 'carrito', ...page(() => import('@/features/cart/components/cart-page'), 'CartPage') },
              { path: 'carrito/gracias', element: <PlaceholderPage title="¡Gracias por tu compra!" /> },
              { path: 'success', element: <PlaceholderPage title="Resultado del pago" /> },
              { path: 'failure', element: <PlaceholderPage title="El pago no se completó" /> },
              { path: 'pending', element: <PlaceholderPage title="Pago pendiente" /> },
              { path: 'login', ...page(() => import('@/features/session/components/login-page'), 'LoginPage') },
              { path: 'usuarios/registro', element: <PlaceholderPage title="Registre sus datos" /> },
              { path: 'usuarios/restablecer-cuenta', element: <PlaceholderPage title="Restablecer cuenta" /> },
              {
                path: 'usuarios/perfil',
                ...page(() => import('@/features/session/components/profile-page'), 'ProfilePage'),
              },
              { path: 'usuarios/compras', element: <PlaceholderPage title="Mis compras" /> },
              { path: 'usuarios/listar', element: <PlaceholderPage title="Historial" /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      {
        // The back office: its own frame, loaded only when a staff screen is opened.
        ...page(() => import('@/app/staff-root'), 'StaffRoot'),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              staff('productos', 'ProductosPage', { staffScreen: 'productos' }),
              staff('descuentos/*', 'DescuentosPage', { staffScreen: 'descuentos' }),
              staff('ventas', 'VentasPage', { staffScreen: 'ventas' }),
              staff('ventas/ordenes', 'OrdenesPage', { staffScreen: 'ordenes' }),
              staff('ventas/envios', 'EnviosPage', { staffScreen: 'envios' }),
              staff('corte', 'CortePage', { staffScreen: 'corte' }),
              staff('usuarios', 'UsuariosPage', { staffScreen: 'usuarios' }),
              staff('registro-errores', 'RegistroErroresPage', { staffScreen: 'registro-errores' }),
            ],
          },
        ],
      },
      // Printable cash cut: no shop or staff frame.
      { path: 'corte/print', ...page(() => import('@/app/corte-print-root'), 'CortePrintRoot') },
    ],
  },
]
