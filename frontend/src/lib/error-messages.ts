/** Title and message of a failure that has no message of its own. */
export const DEFAULT_TITLE = 'Error desconocido'

/**
 * The Spanish messages of the original shop, written exactly as it had them (typos and
 * double spaces included). A feature maps its endpoints to them with `registerErrorMessages`.
 */
export const SPEC_MESSAGES = {
  productos: 'Error al obtener los productos',
  producto: 'Error al obtener un producto',
  productoPorNombre: 'Error al obtener un producto por nombre',
  guardarProducto: 'Error la guardar un producto',
  actualizarProducto: 'Error al actualizar  el producto',
  eliminarProducto: 'Error al eliminar un producto',
  descuentos: 'Error al ingresar',
  descuento: 'Error al obtener un descuento',
  guardarDescuento: 'Error la guardar un descuento',
  actualizarDescuento: 'Error al actualizar  el descuento',
  eliminarDescuento: 'Error al eliminar un descuento',
  venta: 'Error al obtener una venta',
  /** `{phone}` is the shop's phone: fill it with `withPhone`. */
  guardarVenta: 'Error al guardar una venta, contacta con nosotros {phone} para mas información',
  actualizarVenta: 'Error al actualizar una venta',
  filtrarVentas: 'Error al filtrar las ventas',
  reporteMetodoPago: 'Error al obtener el reporte por metodo de pago',
  reporteUsuario: 'Error al obtener el reporte por usuario',
  corte: 'Error al hacer un corte de caja',
  usuarios: 'Error al listar los usuarios',
  ingresar: 'Error al ingresar',
  restablecerPassword: 'Error al restablecer la contraseña',
  cambiarPassword: 'Error al cambiar la contraseña',
  actualizarUsuario: 'Error al actualizar el usuario',
  eliminarUsuario: 'Error al eliminar un usuario',
  detalleProducto: 'Error al cargar los detalles del producto',
} as const

/**
 * Endpoint name -> message, for the endpoints that existed when this was written; features add
 * theirs (or override these) with `registerErrorMessages`. A message with `{phone}` is left to the
 * feature, which knows the phone.
 */
const byEndpoint = new Map<string, string>([
  ['listProductosDestacados', SPEC_MESSAGES.productos],
  ['listProductos', SPEC_MESSAGES.productos],
  ['listProductosAdmin', SPEC_MESSAGES.productos],
  ['getProducto', SPEC_MESSAGES.producto],
  ['searchProductos', SPEC_MESSAGES.productoPorNombre],
  ['createProducto', SPEC_MESSAGES.guardarProducto],
  ['updateProducto', SPEC_MESSAGES.actualizarProducto],
  ['deleteProducto', SPEC_MESSAGES.eliminarProducto],
  ['listDescuentos', SPEC_MESSAGES.descuentos],
  ['createDescuento', SPEC_MESSAGES.guardarDescuento],
  ['updateDescuento', SPEC_MESSAGES.actualizarDescuento],
  ['deleteDescuento', SPEC_MESSAGES.eliminarDescuento],
  ['listVentas', SPEC_MESSAGES.filtrarVentas],
  ['updateOrden', SPEC_MESSAGES.actualizarVenta],
  ['updateEnvio', SPEC_MESSAGES.actualizarVenta],
  ['toggleEntregado', SPEC_MESSAGES.actualizarVenta],
  ['getPendientePorMetodo', SPEC_MESSAGES.reporteMetodoPago],
  ['getPendientePorUsuario', SPEC_MESSAGES.reporteUsuario],
  ['createCorte', SPEC_MESSAGES.corte],
  ['updateUsuario', SPEC_MESSAGES.actualizarUsuario],
  ['deleteUsuario', SPEC_MESSAGES.eliminarUsuario],
  ['login', SPEC_MESSAGES.ingresar],
  ['getCuenta', SPEC_MESSAGES.ingresar],
  ['updateCuenta', SPEC_MESSAGES.actualizarUsuario],
  ['recoverPassword', SPEC_MESSAGES.restablecerPassword],
  ['resetPassword', SPEC_MESSAGES.cambiarPassword],
  ['updateOwnPassword', SPEC_MESSAGES.cambiarPassword],
])

/**
 * Gives endpoints their catalogue message; call it next to `api.injectEndpoints`:
 * `registerErrorMessages({ getProductos: SPEC_MESSAGES.productos })`.
 */
export function registerErrorMessages(messages: Record<string, string>): void {
  for (const [endpoint, message] of Object.entries(messages)) byEndpoint.set(endpoint, message)
}

/** The endpoints that have a message of their own (src/app/naming.test.ts checks each exists). */
export function endpointsWithMessages(): string[] {
  return [...byEndpoint.keys()]
}

/** The message a failed call of `endpoint` raises; 'Error desconocido' when it has none. */
export function errorMessageFor(endpoint: string): string {
  return byEndpoint.get(endpoint) ?? DEFAULT_TITLE
}

/** Fills the `{phone}` of a message with the shop's phone. */
export function withPhone(message: string, phone: string): string {
  return message.replace('{phone}', phone)
}
