/** How many more units of a variant may go into the cart, and what the shopper is told about it. */
export type StockLimit = {
  /** The most the quantity stepper may show: the stock less what the cart already holds. */
  max: number
  /** Why the stepper stops where it does; null while the stock is not the limit. */
  message: string | null
}

const disponibles = (n: number) => (n === 1 ? '1 disponible' : `${n} disponibles`)

/**
 * The cap of the product page's stepper for a variant with `stock` units, `inCarrito` of them already
 * in the cart, at quantity `cantidad`. The message shows once the stepper is at the cap, so the
 * shopper knows why '+' stops (and why 'Agregar al carrito' does, when the cart holds them all).
 */
export function stockLimit(stock: number, inCarrito: number, cantidad: number): StockLimit {
  const total = Math.max(0, Math.floor(stock))
  const held = Math.max(0, Math.floor(inCarrito))
  const max = Math.max(0, total - held)
  if (total === 0) return { max, message: null } // 'Agotado' says it already.
  if (max === 0) {
    return {
      max,
      message:
        total === 1
          ? 'Ya tienes en tu carrito la única pieza disponible.'
          : `Ya tienes en tu carrito las ${total} piezas disponibles.`,
    }
  }
  if (cantidad < max) return { max, message: null }
  if (held === 0) return { max, message: `Solo hay ${disponibles(total)}.` }
  return {
    max,
    message: `Solo hay ${disponibles(total)} y ya tienes ${held} en tu carrito: puedes agregar ${max === 1 ? '1 más' : `${max} más`}.`,
  }
}

/** A quantity kept between 0 and the cap. */
export const capQuantity = (cantidad: number, max: number) => Math.max(0, Math.min(cantidad, max))
