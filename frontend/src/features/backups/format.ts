const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const

/** "12.3 MB": a size in bytes for people, in es-MX (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—'
  let n = bytes
  let unit = 0
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024
    unit++
  }
  const digits = unit === 0 || n >= 100 ? 0 : 1
  const shown = new Intl.NumberFormat('es-MX', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(n)
  return unit === 0 && bytes === 1 ? '1 byte' : `${shown} ${UNITS[unit]}`
}

/** "cada 24 horas", "cada hora", "cada 7 días": how often backups are taken. */
export function formatEvery(hours: number): string {
  if (hours === 1) return 'cada hora'
  if (hours % 24 === 0) return hours === 24 ? 'cada día' : `cada ${hours / 24} días`
  return `cada ${hours} horas`
}
