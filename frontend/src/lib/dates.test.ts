import { describe, expect, it } from 'vitest'
import {
  DATE_ERRORS,
  formatDate,
  formatDateTime,
  formatDayMonYear,
  formatTime,
  parseIsoDate,
  shiftDay,
  shopToday,
} from '@/lib/dates'

const iso = (text: string) => parseIsoDate(text).toISOString()

describe('parseIsoDate', () => {
  it('reads instants in UTC', () => {
    expect(iso('2026-03-05T14:07:09Z')).toBe('2026-03-05T14:07:09.000Z')
    expect(iso('2026-03-05T14:07:09.123Z')).toBe('2026-03-05T14:07:09.123Z')
    expect(iso('2026-03-05T14:07Z')).toBe('2026-03-05T14:07:00.000Z')
    expect(iso('2026-03-05 14:07:09z')).toBe('2026-03-05T14:07:09.000Z')
  })

  it('reads offsets written +hh:mm and +hhmm, either sign', () => {
    expect(iso('2026-03-05T14:07:00+05:30')).toBe('2026-03-05T08:37:00.000Z')
    expect(iso('2026-03-05T14:07:00+0530')).toBe('2026-03-05T08:37:00.000Z')
    expect(iso('2026-03-05T14:07:00-06:00')).toBe('2026-03-05T20:07:00.000Z')
    expect(iso('2026-03-05T14:07:00-0600')).toBe('2026-03-05T20:07:00.000Z')
    expect(iso('2026-03-05T00:00:00+00:00')).toBe('2026-03-05T00:00:00.000Z')
    expect(iso('2026-03-05T00:00:00+14:00')).toBe('2026-03-04T10:00:00.000Z')
    expect(iso('2026-03-05T00:00:00-12:00')).toBe('2026-03-05T12:00:00.000Z')
  })

  it('takes a day or a time without zone as the shop’s (Mexico City) wall clock', () => {
    expect(iso('2026-03-05')).toBe('2026-03-05T06:00:00.000Z')
    expect(iso('2026-03-05T23:30')).toBe('2026-03-06T05:30:00.000Z')
    // Mexico City kept daylight saving time until 2022: 2021-07-01 was UTC-5.
    expect(iso('2021-07-01T12:00:00')).toBe('2021-07-01T17:00:00.000Z')
  })

  it.each([
    ['2026-01-01', 'first month'],
    ['2026-12-31', 'last month, last day'],
    ['2024-02-29', 'leap day'],
    ['0000-02-29T00:00:00Z', 'leap day of year 0000 (not read as 1900)'],
    ['2026-03-05T00:00:00Z', 'hour 0'],
    ['2026-03-05T23:59:59Z', 'hour 23, minute and second 59'],
  ])('accepts %s (%s)', (text) => {
    expect(() => parseIsoDate(text)).not.toThrow()
  })

  it.each([
    ['2026-00-10', 'month 0'],
    ['2026-13-10', 'month 13'],
    ['2026-03-00', 'day 0'],
    ['2026-03-32', 'day 32'],
    ['2026-04-31', 'day 31 of a 30-day month'],
    ['2026-02-29', 'leap day of a common year'],
    ['2026-03-05T24:00:00Z', 'hour 24'],
    ['2026-03-05T12:60:00Z', 'minute 60'],
    ['2026-03-05T12:00:60Z', 'second 60'],
    ['2026-3-5', 'one-digit month and day'],
    ['05/03/2026', 'day/month/year'],
    ['March 5, 2026', 'words'],
    ['2026-03-05T1:07', 'one-digit hour'],
    ['2026-03-05T14', 'hour without minutes'],
    ['20260305', 'basic format without dashes'],
    ['', 'empty text'],
    ['2026-03-05TZ', 'zone without time'],
    ['2026-03-05T14:07:00 UTC', 'zone name'],
  ])('rejects %s (%s) as not ISO 8601', (text) => {
    expect(() => parseIsoDate(text)).toThrow(DATE_ERRORS.notIso)
  })

  it.each([
    ['2026-03-05T14:07:00+5', 'one-digit hour'],
    ['2026-03-05T14:07:00+05', 'hours only'],
    ['2026-03-05T14:07:00+05:3', 'one-digit minutes'],
    ['2026-03-05T14:07:00+053', 'three digits'],
    ['2026-03-05T14:07:00+05:300', 'too many digits'],
    ['2026-03-05T14:07:00+05-30', 'wrong separator'],
    ['2026-03-05T14:07:00+0530x', 'trailing text'],
    ['2026-03-05T14:07:00-ab:cd', 'letters'],
  ])('rejects the offset of %s (%s) as badly written', (text) => {
    expect(() => parseIsoDate(text)).toThrow(DATE_ERRORS.offsetFormat)
  })

  it.each([
    ['2026-03-05T14:07:00+15:00', 'beyond +14:00'],
    ['2026-03-05T14:07:00+14:30', 'beyond +14:00 by minutes'],
    ['2026-03-05T14:07:00-2400', 'hour 24'],
    ['2026-03-05T14:07:00+05:60', 'minute 60'],
    ['2026-03-05T14:07:00+0599', 'minute 99'],
  ])('rejects the offset of %s (%s) as out of range', (text) => {
    expect(() => parseIsoDate(text)).toThrow(DATE_ERRORS.offset)
  })

  it('gives exactly the three messages of the catalogue', () => {
    expect(DATE_ERRORS).toEqual({
      notIso: 'Non ISO 8601 compliant date',
      offsetFormat: 'Invalid offset format',
      offset: 'Invalid offset',
    })
  })
})

describe('display formats (shop zone)', () => {
  // 2026-03-06 05:30 UTC is still 2026-03-05 23:30 in Mexico City.
  const lateNight = '2026-03-06T05:30:00.000Z'

  it('year-month-day', () => {
    expect(formatDate(lateNight)).toBe('2026-03-05')
    expect(formatDate('2026-03-06T06:00:00Z')).toBe('2026-03-06')
    expect(formatDate(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31')
    expect(formatDate(Date.UTC(2027, 0, 1, 6))).toBe('2027-01-01')
  })

  it('year-month-day hours:minutes, 24-hour clock', () => {
    expect(formatDateTime(lateNight)).toBe('2026-03-05 23:30')
    expect(formatDateTime('2026-03-05T06:00:00Z')).toBe('2026-03-05 00:00')
    expect(formatDateTime('2026-03-05T18:07:00Z')).toBe('2026-03-05 12:07')
    expect(formatTime('2026-03-05T18:07:00Z')).toBe('12:07')
  })

  it('day-MON-year with the Spanish months ENE..DIC', () => {
    const months = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC']
    months.forEach((mon, i) => {
      expect(formatDayMonYear(`2026-${String(i + 1).padStart(2, '0')}-15T18:00:00Z`)).toBe(`15-${mon}-2026`)
    })
    expect(formatDayMonYear(lateNight)).toBe('05-MAR-2026')
    expect(formatDayMonYear('2027-01-01T05:59:00Z')).toBe('31-DIC-2026')
  })

  it('uses the shop’s daylight saving time of past years', () => {
    expect(formatDateTime('2021-07-01T17:00:00Z')).toBe('2021-07-01 12:00')
  })

  it('shows nothing for values that are not dates', () => {
    expect(formatDate('mañana')).toBe('')
    expect(formatDateTime('2026-13-01')).toBe('')
    expect(formatDayMonYear(Number.NaN)).toBe('')
  })

  it('knows today in the shop and moves days across months and years', () => {
    expect(shopToday(new Date('2026-03-06T05:59:00Z'))).toBe('2026-03-05')
    expect(shopToday(new Date('2026-03-06T06:00:00Z'))).toBe('2026-03-06')
    expect(shiftDay('2026-03-01', 1)).toBe('2026-02-28')
    expect(shiftDay('2026-01-01', 30)).toBe('2025-12-02')
    expect(shiftDay('2026-12-31', -1)).toBe('2027-01-01')
  })
})
