/**
 * Dates of the shop: a strict ISO-8601 reader and the three display formats,
 * always in the shop's time zone (America/Mexico_City), whatever the browser's own zone is.
 */
export const SHOP_TIME_ZONE = 'America/Mexico_City'

/** The three messages of the date helper. */
export const DATE_ERRORS = {
  notIso: 'Non ISO 8601 compliant date',
  offsetFormat: 'Invalid offset format',
  offset: 'Invalid offset',
} as const

// year-month-day, then optionally T (or a space) hours:minutes[:seconds[.fraction]] and a zone.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(.*))?$/
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/

const pad = (n: number, size = 2) => String(n).padStart(size, '0')

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last of this one; setUTCFullYear keeps years 0-99 as they are
  // (Date.UTC would read them as 1900-1999, and 1900 is not a leap year while 0000 is).
  const d = new Date(Date.UTC(2000, month, 0))
  d.setUTCFullYear(year, month, 0)
  return d.getUTCDate()
}

/** Minutes east of UTC of an offset "+hh:mm" / "+hhmm" / "-hh:mm" / "-hhmm". */
function parseOffset(text: string): number {
  const m = OFFSET.exec(text)
  if (!m || (text.length !== 5 && text.length !== 6) || (text.length === 6 && text[3] !== ':')) {
    throw new Error(DATE_ERRORS.offsetFormat)
  }
  const hours = Number(m[2])
  const minutes = Number(m[3])
  // Real zones lie between -12:00 and +14:00; minutes run 0-59.
  if (minutes > 59 || hours > 14 || (hours === 14 && minutes > 0)) throw new Error(DATE_ERRORS.offset)
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes)
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** The shop's wall clock at an instant. */
function shopWallClock(date: Date): WallClock {
  const parts = partsFormat.formatToParts(date)
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour') % 24,
    minute: value('minute'),
    second: value('second'),
  }
}

/** Milliseconds the shop's clock is ahead of UTC at an instant (negative in Mexico). */
function shopOffsetMs(instant: number): number {
  const w = shopWallClock(new Date(instant))
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000))
}

/** The instant at which the shop's clock reads the given wall time. */
function fromShopWallClock(wallUtcMs: number): Date {
  let guess = wallUtcMs - shopOffsetMs(wallUtcMs)
  // A second pass settles the rare case where the offset changed in between (old DST rules).
  guess = wallUtcMs - shopOffsetMs(guess)
  return new Date(guess)
}

/**
 * Reads an ISO-8601 date: "2026-03-05", "2026-03-05T14:07", "2026-03-05T14:07:09.123Z",
 * "2026-03-05T14:07:09-06:00" or "-0600". Month 1-12, day 1-31 (and real for its month),
 * hour 0-23, minutes and seconds 0-59. Without a zone the time is the shop's (Mexico City).
 * Throws 'Non ISO 8601 compliant date', 'Invalid offset format' or 'Invalid offset'.
 */
export function parseIsoDate(input: string): Date {
  if (typeof input !== 'string') throw new Error(DATE_ERRORS.notIso)
  const m = ISO.exec(input.trim())
  if (!m) throw new Error(DATE_ERRORS.notIso)
  const [, y, mo, d, h, mi, s, frac, zone] = m
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  const hour = h === undefined ? 0 : Number(h)
  const minute = mi === undefined ? 0 : Number(mi)
  const second = s === undefined ? 0 : Number(s)
  const ms = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000)
  if (month < 1 || month > 12) throw new Error(DATE_ERRORS.notIso)
  if (day < 1 || day > 31 || day > daysInMonth(year, month)) throw new Error(DATE_ERRORS.notIso)
  if (hour > 23 || minute > 59 || second > 59) throw new Error(DATE_ERRORS.notIso)

  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms)
  // Date.UTC treats years 0-99 as 1900-1999; put the year back.
  const wallDate = new Date(wall)
  wallDate.setUTCFullYear(year)
  const wallMs = wallDate.getTime()

  if (zone === undefined || zone === '') return fromShopWallClock(wallMs)
  if (zone === 'Z' || zone === 'z') return new Date(wallMs)
  if (zone[0] !== '+' && zone[0] !== '-') throw new Error(DATE_ERRORS.notIso)
  return new Date(wallMs - parseOffset(zone) * 60_000)
}

/** A Date from what the server or a form holds (ISO text, epoch milliseconds or a Date). */
export function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value
  if (typeof value === 'number') return new Date(value)
  return parseIsoDate(value)
}

const MONTHS = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'] as const

function wall(value: Date | string | number): WallClock | null {
  try {
    const date = toDate(value)
    if (Number.isNaN(date.getTime())) return null
    return shopWallClock(date)
  } catch {
    return null
  }
}

/** "2026-03-05": the day in the shop's zone ('' for a value that is not a date). */
export function formatDate(value: Date | string | number): string {
  const w = wall(value)
  return w ? `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}` : ''
}

/** "2026-03-05 14:07": day and 24-hour time in the shop's zone. */
export function formatDateTime(value: Date | string | number): string {
  const w = wall(value)
  return w ? `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}` : ''
}

/** "05-MAR-2026": day, Spanish month abbreviation (ENE..DIC) and year, in the shop's zone. */
export function formatDayMonYear(value: Date | string | number): string {
  const w = wall(value)
  return w ? `${pad(w.day)}-${MONTHS[w.month - 1]}-${pad(w.year, 4)}` : ''
}

/** "14:07": the time of day in the shop's zone. */
export function formatTime(value: Date | string | number): string {
  const w = wall(value)
  return w ? `${pad(w.hour)}:${pad(w.minute)}` : ''
}

/** Today in the shop ("2026-03-05"), the default of date filters. */
export function shopToday(now: Date = new Date()): string {
  return formatDate(now)
}

/** The shop's day `days` before (negative: after) a "YYYY-MM-DD" day. */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number)
  const t = new Date(Date.UTC(y, m - 1, d - days))
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`
}

/** The three Spanish messages of a date range typed in a staff filter ('Fecha de inicio', 'Fecha de fin'). */
export const DATE_RANGE_ERRORS = {
  missing: 'Indica la fecha.',
  invalid: 'Escribe la fecha como AAAA-MM-DD.',
  order: 'La fecha de fin debe ser igual o posterior a la fecha de inicio.',
} as const

export type DateRangeCheck =
  | { ok: true; range: { startDate: string; endDate: string } }
  | { ok: false; error: (typeof DATE_RANGE_ERRORS)[keyof typeof DATE_RANGE_ERRORS] }

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A day typed or picked in a date input: '' when fine, or the Spanish problem. */
function dayProblem(value: string): '' | typeof DATE_RANGE_ERRORS.missing | typeof DATE_RANGE_ERRORS.invalid {
  if (!value) return DATE_RANGE_ERRORS.missing
  if (!DAY.test(value)) return DATE_RANGE_ERRORS.invalid
  try {
    parseIsoDate(value)
    return ''
  } catch {
    return DATE_RANGE_ERRORS.invalid
  }
}

/**
 * Checks a range of two "AAAA-MM-DD" days (strict ISO 8601): both present, both
 * real days, the start not after the end. Never throws; gives the range as typed or one message.
 */
export function checkDateRange(startDate: string, endDate: string): DateRangeCheck {
  const bad = dayProblem(startDate) || dayProblem(endDate)
  if (bad) return { ok: false, error: bad }
  if (startDate > endDate) return { ok: false, error: DATE_RANGE_ERRORS.order }
  return { ok: true, range: { startDate, endDate } }
}
