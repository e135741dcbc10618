import { normalizeRol, type Rol } from '@/lib/roles'

/**
 * Who may open which staff screen: the single table that both the admin drawer and the route
 * guard read. The server enforces the same rules; this only hides what would fail.
 */

export type StaffScreen =
  | 'productos'
  | 'bajo-inventario'
  | 'descuentos'
  | 'ventas'
  | 'ordenes'
  | 'envios'
  | 'corte'
  | 'facturas'
  | 'usuarios'
  | 'registro-errores'
  | 'auditoria'
  | 'respaldos'
  | 'proveedor'
  | 'categorias'

export type StaffScreenInfo = {
  screen: StaffScreen
  /** Drawer label. */
  label: string
  /** Page heading. */
  title: string
  path: string
  roles: readonly Rol[]
}

const STAFF: readonly Rol[] = ['Comandero', 'Cajero', 'Auxiliar', 'Administrador']
const CAJA: readonly Rol[] = ['Cajero', 'Administrador']
const CATALOGUE: readonly Rol[] = ['Auxiliar', 'Administrador']
const ADMIN: readonly Rol[] = ['Administrador']

/** Staff screens in drawer order. */
export const STAFF_SCREENS: readonly StaffScreenInfo[] = [
  { screen: 'productos', label: 'Productos', title: 'Productos', path: '/productos', roles: CATALOGUE },
  { screen: 'bajo-inventario', label: 'Bajo inventario', title: 'Bajo inventario', path: '/inventario/bajo', roles: CATALOGUE },
  { screen: 'descuentos', label: 'Descuentos', title: 'Descuentos', path: '/descuentos', roles: CATALOGUE },
  { screen: 'ventas', label: 'Ventas', title: 'Reporte de ventas', path: '/ventas', roles: CATALOGUE },
  { screen: 'ordenes', label: 'Ordenes', title: 'Lista de ordenes', path: '/ventas/ordenes', roles: STAFF },
  { screen: 'envios', label: 'Envíos', title: 'Reporte de envíos', path: '/ventas/envios', roles: CATALOGUE },
  { screen: 'corte', label: 'Cortes de caja', title: 'Cortes de caja', path: '/corte', roles: CAJA },
  { screen: 'facturas', label: 'Facturas', title: 'Facturas', path: '/facturas', roles: CAJA },
  { screen: 'usuarios', label: 'Usuarios', title: 'Usuarios', path: '/usuarios', roles: ADMIN },
  {
    screen: 'registro-errores',
    label: 'Registro de errores',
    title: 'Registro de errores',
    path: '/registro-errores',
    roles: ADMIN,
  },
  { screen: 'auditoria', label: 'Auditoría', title: 'Auditoría', path: '/auditoria', roles: ADMIN },
  { screen: 'respaldos', label: 'Respaldos', title: 'Respaldos', path: '/respaldos', roles: ADMIN },
  { screen: 'categorias', label: 'Categorías', title: 'Categorías', path: '/categorias', roles: ADMIN },
  { screen: 'proveedor', label: 'Catálogo del proveedor', title: 'Catálogo del proveedor', path: '/proveedor', roles: ADMIN },
]

const BY_SCREEN = new Map(STAFF_SCREENS.map((s) => [s.screen, s]))

export function screenInfo(screen: StaffScreen): StaffScreenInfo {
  const info = BY_SCREEN.get(screen)
  if (!info) throw new Error(`unknown staff screen ${screen}`)
  return info
}

export function canSee(rol: string | null | undefined, screen: StaffScreen): boolean {
  const r = normalizeRol(rol)
  return r !== null && screenInfo(screen).roles.includes(r)
}

/** The staff screens a role may open, in drawer order. */
export function screensFor(rol: string | null | undefined): StaffScreenInfo[] {
  return STAFF_SCREENS.filter((s) => canSee(rol, s.screen))
}
