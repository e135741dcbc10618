import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkDateRange, DATE_ERRORS, DATE_RANGE_ERRORS, formatDate, parseIsoDate } from '@/lib/dates'

// Property tests of the date helper and the staff date-range check. A fixed seed keeps
// runs reproducible; a failure prints the seed and the shrunk counterexample.
const params = { seed: 20261123, numRuns: 400 }

const SPEC_MESSAGES: string[] = Object.values(DATE_ERRORS)
const RANGE_MESSAGES: string[] = Object.values(DATE_RANGE_ERRORS)

const pad = (n: number, size = 2) => String(n).padStart(size, '0')
const two = fc.integer({ min: 0, max: 99 }).map((n) => pad(n))

/** Texts shaped like ISO 8601 with any numbers and zone, so that every branch is reached. */
const isoLike = fc
  .record({
    y: fc.integer({ min: 0, max: 9999 }).map((n) => pad(n, 4)),
    mo: two,
    d: two,
    sep: fc.constantFrom('T', ' ', 't', ''),
    h: two,
    mi: two,
    s: fc.option(two, { nil: undefined }),
    frac: fc.option(fc.stringMatching(/^[.,]\d{1,10}$/), { nil: undefined }),
    zone: fc.oneof(
      fc.constantFrom('', 'Z', 'z', 'UTC', '+', '-'),
      fc.tuple(fc.constantFrom('+', '-'), two, fc.constantFrom(':', '', '-'), two).map((p) => p.join('')),
      fc.string({ maxLength: 7 }),
    ),
    timed: fc.boolean(),
  })
  .map(({ y, mo, d, sep, h, mi, s, frac, zone, timed }) =>
    timed ? `${y}-${mo}-${d}${sep}${h}:${mi}${s === undefined ? '' : `:${s}${frac ?? ''}`}${zone}` : `${y}-${mo}-${d}`,
  )

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), isoLike)

/** A real day "AAAA-MM-DD" in years the shop's time zone data covers well. */
const realDay = fc
  .date({ min: new Date('1900-01-01T12:00:00Z'), max: new Date('2100-12-31T12:00:00Z'), noInvalidDate: true })
  .map((d) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`)

/** What calling `fn` does: its value, or the message of what it threw. */
function outcome<T>(fn: () => T): { value: T } | { thrown: unknown } {
  try {
    return { value: fn() }
  } catch (thrown) {
    return { thrown }
  }
}

describe('parseIsoDate (property)', () => {
  it('gives a real instant or throws exactly one of the three date messages, for any text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = outcome(() => parseIsoDate(text))
        if ('value' in result) {
          expect(result.value).toBeInstanceOf(Date)
          expect(Number.isNaN(result.value.getTime())).toBe(false)
        } else {
          expect(result.thrown).toBeInstanceOf(Error)
          expect(SPEC_MESSAGES).toContain((result.thrown as Error).message)
        }
      }),
      params,
    )
  })

  it('reads every real day back as the same day of the shop', () => {
    fc.assert(
      fc.property(realDay, (day) => {
        expect(formatDate(parseIsoDate(day))).toBe(day)
      }),
      params,
    )
  })

  it('reads any instant written in UTC or with an offset back to the same instant', () => {
    const instant = fc.date({
      // A day of margin, so that the written wall clock (instant + offset) stays in years 0001-9999.
      min: new Date('0001-01-02T00:00:00Z'),
      max: new Date('9999-12-30T23:59:59Z'),
      noInvalidDate: true,
    })
    const offset = fc.integer({ min: -12 * 60, max: 14 * 60 })
    fc.assert(
      fc.property(instant, offset, fc.boolean(), (date, minutes, colon) => {
        const wall = new Date(date.getTime() + minutes * 60_000)
        const sign = minutes < 0 ? '-' : '+'
        const abs = Math.abs(minutes)
        const zone = `${sign}${pad(Math.floor(abs / 60))}${colon ? ':' : ''}${pad(abs % 60)}`
        const text = wall.toISOString().replace('Z', zone)
        expect(parseIsoDate(text).getTime()).toBe(date.getTime())
      }),
      params,
    )
  })
})

describe('checkDateRange (property)', () => {
  it('never throws and, when it refuses, gives exactly one of its three Spanish messages', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, realDay), fc.oneof(anyText, realDay), (start, end) => {
        const result = outcome(() => checkDateRange(start, end))
        expect('value' in result).toBe(true)
        if (!('value' in result)) return
        if (result.value.ok) {
          expect(result.value.range).toEqual({ startDate: start, endDate: end })
        } else {
          expect(RANGE_MESSAGES).toContain(result.value.error)
        }
      }),
      params,
    )
  })

  it('accepts two real days in order and gives them back unchanged', () => {
    fc.assert(
      fc.property(realDay, realDay, (a, b) => {
        const [startDate, endDate] = a <= b ? [a, b] : [b, a]
        const result = checkDateRange(startDate, endDate)
        expect(result).toEqual({ ok: true, range: { startDate, endDate } })
        if (result.ok) {
          expect(formatDate(parseIsoDate(result.range.startDate))).toBe(startDate)
          expect(formatDate(parseIsoDate(result.range.endDate))).toBe(endDate)
        }
      }),
      params,
    )
  })

  it('refuses a start after the end with the order message', () => {
    fc.assert(
      fc.property(realDay, realDay, (a, b) => {
        fc.pre(a !== b)
        const [startDate, endDate] = a > b ? [a, b] : [b, a]
        expect(checkDateRange(startDate, endDate)).toEqual({ ok: false, error: DATE_RANGE_ERRORS.order })
      }),
      params,
    )
  })

  it('names the missing day first, then a day that is not real', () => {
    fc.assert(
      fc.property(realDay, isoLike, (day, text) => {
        expect(checkDateRange('', day)).toEqual({ ok: false, error: DATE_RANGE_ERRORS.missing })
        expect(checkDateRange(day, '')).toEqual({ ok: false, error: DATE_RANGE_ERRORS.missing })
        const real = outcome(() => parseIsoDate(text))
        if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !('value' in real)) {
          expect(checkDateRange(text, day)).toEqual({ ok: false, error: DATE_RANGE_ERRORS.invalid })
          expect(checkDateRange(day, text)).toEqual({ ok: false, error: DATE_RANGE_ERRORS.invalid })
        }
      }),
      params,
    )
  })
})
