import { afterEach, describe, expect, it } from 'vitest'
import { keyHistoryEntry } from '@/app/history-entry-key'

describe('keyHistoryEntry', () => {
  afterEach(() => window.history.replaceState(null, ''))

  it('gives an entry opened by a fresh load a key of its own, keeping its state', () => {
    window.history.replaceState({ idx: 0, usr: { a: 1 } }, '')
    expect(keyHistoryEntry()).toBe(true) // a fresh entry: it opens at the top
    const first = window.history.state as { key: string; idx: number; usr: unknown }
    expect(first.key).toMatch(/^[a-z0-9]{4,}$/)
    expect(first).toMatchObject({ idx: 0, usr: { a: 1 } })
    // Another fresh load gets another key, so it does not take the first one's saved position.
    window.history.replaceState(null, '')
    keyHistoryEntry()
    expect((window.history.state as { key: string }).key).not.toBe(first.key)
  })

  it("keeps the key an entry has (Back, Forward, a reload return to that entry's position)", () => {
    window.history.replaceState({ key: 'abc123', idx: 3 }, '')
    expect(keyHistoryEntry()).toBe(false) // not a fresh entry: its position is restored
    expect(window.history.state).toEqual({ key: 'abc123', idx: 3 })
  })
})
