/**
 * Formats an amount in pesos the Mexican way: 1234.5 -> "$1,234.50", -3.5 -> "-$3.50".
 *
 * The text is exactly what `Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' })`
 * gives (the number's shortest decimal form, rounded half away from zero to cents; money.test.ts
 * checks it against Intl), without building that formatter: loading es-MX's currency data takes
 * 30 ms of a fast computer's main thread at start-up, over 100 ms of a phone's.
 */
export function formatMoney(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0
  const [whole, fraction = ''] = decimalDigits(Math.abs(value)).split('.')
  let cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'))
  if (fraction.charCodeAt(2) >= 53 /* '5' */) cents += 1n
  const digits = cents.toString().padStart(3, '0')
  const pesos = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',')
  // Intl keeps the sign of anything below zero, even when it rounds to zero, and of -0.
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  return `${sign}$${pesos}.${digits.slice(-2)}`
}

/**
 * Formats a count the Mexican way: 20000 -> "20,000", -1234 -> "-1,234"; a fraction is rounded to
 * the nearest whole number. The text is what `Intl.NumberFormat('es-MX')` gives for a whole number
 * (money.test.ts checks it), without building that formatter (see formatMoney).
 */
export function formatCount(n: number): string {
  const value = Number.isFinite(n) ? Math.round(n) : 0
  const digits = decimalDigits(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',')
  return value < 0 ? `-${digits}` : digits
}

/** The shortest decimal form of a non-negative number, without an exponent: 1e21 -> "1000…0". */
function decimalDigits(n: number): string {
  const text = String(n)
  const e = text.indexOf('e')
  if (e < 0) return text
  const mantissa = text.slice(0, e).replace('.', '')
  const point = text.indexOf('.') < 0 || text.indexOf('.') > e ? 1 : text.indexOf('.')
  const at = point + Number(text.slice(e + 1))
  return at <= 0 ? `0.${'0'.repeat(-at)}${mantissa}` : mantissa.padEnd(at, '0')
}
