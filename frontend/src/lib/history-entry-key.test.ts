import { afterEach, describe, expect, it } from 'vitest'
import { keyHistoryEntry, onFreshEntry } from '@/lib/history-entry-key'

describe('keyHistoryEntry', () => {
  afterEach(() => window.history.replaceState(null, ''))

  it('gives an entry opened by a fresh load a key of its own, keeping its state', () => {
    window.history.replaceState({ idx: 0, usr: { a: 1 } }, '')
    keyHistoryEntry()
    const first = window.history.state as { key: string; idx: number; usr: unknown }
    // A fresh entry opens at its top: it is the fresh entry until another entry is added.
    expect(onFreshEntry(first.key)).toBe(true)
    expect(onFreshEntry('otra')).toBe(false)
    window.history.pushState({ key: 'otra' }, '')
    window.history.replaceState(first, '') // as Back would leave it: the same entry, with one added after it
    expect(onFreshEntry(first.key)).toBe(false)
    expect(first.key).toMatch(/^[a-z0-9]{4,}$/)
    expect(first).toMatchObject({ idx: 0, usr: { a: 1 } })
    // Another fresh load gets another key, so it does not take the first one's saved position.
    window.history.replaceState(null, '')
    keyHistoryEntry()
    expect((window.history.state as { key: string }).key).not.toBe(first.key)
  })

  it("keeps the key an entry has (Back, Forward, a reload return to that entry's position)", () => {
    window.history.replaceState({ key: 'abc123', idx: 3 }, '')
    keyHistoryEntry()
    expect(window.history.state).toEqual({ key: 'abc123', idx: 3 })
  })
})
