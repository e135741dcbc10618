const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' })

/** Formats an amount in pesos the Mexican way: 1234.5 -> "$1,234.50". */
export function formatMoney(amount: number): string {
  return mxn.format(Number.isFinite(amount) ? amount : 0)
}
