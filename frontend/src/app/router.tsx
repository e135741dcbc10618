import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { AppRoot } from '@/app/app-root'
import { NotFoundPage } from '@/components/not-found-page'
import { PageLoading } from '@/components/page-loading'
import { RouteError } from '@/components/route-error'
import type { StaffHandle } from '@/features/staff/components/staff-layout'

/** A lazily loaded screen: `page(() => import('x'), 'Name')`. */
function page<M>(load: () => Promise<M>, name: keyof M) {
  return {
    lazy: async () => ({ Component: (await load())[name] as ComponentType }),
  }
}

/** Every route of the app; `main.tsx` gives them to `createBrowserRouter`, tests to a memory router. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      {
        // The shop: header, menus, footer and bottom navigation around every screen. Loaded beside
        // the screen's own code (the router loads both at once, and the prerendered pages preload
        // both), as the back office's frame is, so that neither frame weighs on the other's pages.
        ...page(() => import('@/app/shop-layout'), 'ShopLayout'),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, ...page(() => import('@/features/catalog-home/components/home-page'), 'HomePage') },
              { path: 'tiendas', ...page(() => import('@/features/config/components/tiendas-page'), 'TiendasPage') },
              { path: 'ofertas', ...page(() => import('@/features/catalog/components/categoria-page'), 'OffersPage') },
              { path: 'modern', ...page(() => import('@/features/catalog/components/categoria-page'), 'AllProductosPage') },
              { path: 'busqueda', ...page(() => import('@/features/search/components/search-results-page'), 'SearchResultsPage') },
              { path: 'busqueda/:id', ...page(() => import('@/features/catalog/components/categoria-page'), 'CategoriaPage') },
              { path: 'product/:id', ...page(() => import('@/features/catalog/components/producto-page'), 'ProductoPage') },
              { path: 'carrito', ...page(() => import('@/features/checkout/components/carrito-page'), 'CarritoPage') },
              { path: 'carrito/gracias', ...page(() => import('@/features/checkout/components/thank-you-page'), 'ThankYouPage') },
              { path: 'success', ...page(() => import('@/features/checkout/components/success-page'), 'SuccessPage') },
              { path: 'failure', ...page(() => import('@/features/checkout/components/failure-page'), 'FailurePage') },
              { path: 'pending', ...page(() => import('@/features/checkout/components/failure-page'), 'PendingPage') },
              { path: 'login', ...page(() => import('@/features/session/components/login-page'), 'LoginPage') },
              { path: 'usuarios/registro', ...page(() => import('@/features/session/components/register-page'), 'RegisterPage') },
              {
                path: 'usuarios/restablecer-cuenta',
                ...page(() => import('@/features/session/components/reset-cuenta-page'), 'ResetCuentaPage'),
              },
              {
                path: 'usuarios/perfil',
                ...page(() => import('@/app/cuenta-roots'), 'PerfilRoot'),
              },
              { path: 'usuarios/compras', ...page(() => import('@/app/cuenta-roots'), 'ComprasRoot') },
              { path: 'usuarios/listar', ...page(() => import('@/app/cuenta-roots'), 'ComprasRoot') },
              { path: 'facturar', ...page(() => import('@/features/invoicing/components/facturar-page'), 'FacturarPage') },
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
              {
                path: 'productos',
                handle: { staffScreen: 'productos' } satisfies StaffHandle,
                ...page(() => import('@/features/catalog-admin/components/productos-page'), 'ProductosPage'),
              },
              {
                path: 'productos/:id/inventario',
                handle: { staffScreen: 'productos' } satisfies StaffHandle,
                ...page(() => import('@/features/catalog-admin/components/inventario-producto-page'), 'InventarioProductoPage'),
              },
              {
                path: 'inventario/bajo',
                handle: { staffScreen: 'bajo-inventario' } satisfies StaffHandle,
                ...page(() => import('@/features/catalog-admin/components/bajo-inventario-page'), 'BajoInventarioPage'),
              },
              {
                path: 'descuentos/*',
                handle: { staffScreen: 'descuentos' } satisfies StaffHandle,
                ...page(() => import('@/features/catalog-admin/components/descuentos-page'), 'DescuentosPage'),
              },
              {
                path: 'ventas',
                handle: { staffScreen: 'ventas' } satisfies StaffHandle,
                ...page(() => import('@/features/sales/components/ventas-page'), 'VentasPage'),
              },
              {
                path: 'ventas/ordenes',
                handle: { staffScreen: 'ordenes' } satisfies StaffHandle,
                ...page(() => import('@/features/sales/components/ordenes-page'), 'OrdenesPage'),
              },
              {
                path: 'ventas/envios',
                handle: { staffScreen: 'envios' } satisfies StaffHandle,
                ...page(() => import('@/features/sales/components/envios-page'), 'EnviosPage'),
              },
              {
                path: 'corte',
                handle: { staffScreen: 'corte' } satisfies StaffHandle,
                ...page(() => import('@/app/corte-root'), 'CorteRoot'),
              },
              {
                path: 'facturas',
                handle: { staffScreen: 'facturas' } satisfies StaffHandle,
                ...page(() => import('@/features/invoicing/staff/facturas-page'), 'FacturasPage'),
              },
              {
                path: 'usuarios',
                handle: { staffScreen: 'usuarios' } satisfies StaffHandle,
                ...page(() => import('@/features/users/components/usuarios-page'), 'UsuariosPage'),
              },
              {
                path: 'registro-errores',
                handle: { staffScreen: 'registro-errores' } satisfies StaffHandle,
                ...page(() => import('@/features/error-log/components/error-log-page'), 'ErrorLogPage'),
              },
              {
                path: 'auditoria',
                handle: { staffScreen: 'auditoria' } satisfies StaffHandle,
                ...page(() => import('@/features/audit/components/auditoria-page'), 'AuditoriaPage'),
              },
              {
                path: 'respaldos',
                handle: { staffScreen: 'respaldos' } satisfies StaffHandle,
                ...page(() => import('@/features/backups/components/respaldos-page'), 'RespaldosPage'),
              },
              {
                path: 'categorias',
                handle: { staffScreen: 'categorias' } satisfies StaffHandle,
                ...page(() => import('@/features/catalog-admin/components/categorias-page'), 'CategoriasPage'),
              },
              {
                path: 'proveedor',
                handle: { staffScreen: 'proveedor' } satisfies StaffHandle,
                ...page(() => import('@/features/supplier-catalog/components/proveedor-page'), 'ProveedorPage'),
              },
            ],
          },
        ],
      },
      // Printable cash cut: no shop or staff frame.
      { path: 'corte/print', ...page(() => import('@/app/corte-print-root'), 'CortePrintRoot') },
      // Printable ticket of a sale (58/80 mm or A4): no frame; the server lets a customer read only their own.
      { path: 'ventas/ticket/:id', ...page(() => import('@/features/ticket/components/ticket-page'), 'TicketPage') },
    ],
  },
]
