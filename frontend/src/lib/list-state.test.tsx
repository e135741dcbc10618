import { act, render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useListState } from '@/lib/list-state'

const DEFAULTS = { q: '', usuario: '', desde: '' }

describe('useListState', () => {
  it('keeps two changes made before the next render (a search settling as a date is picked)', async () => {
    let update: ReturnType<typeof useListState<typeof DEFAULTS>>[1] = () => {}
    function List() {
      const [, change] = useListState(DEFAULTS)
      update = change
      return null
    }
    const router = createMemoryRouter([{ path: '/lista', element: <List /> }], { initialEntries: ['/lista?q=cable&page=3'] })
    render(<RouterProvider router={router} />)

    await act(async () => {
      update({ usuario: 'carmen' })
      update({ desde: '2026-11-01' })
    })
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'cable',
      usuario: 'carmen',
      desde: '2026-11-01',
    })

    // The back button (or any move of the address) is where the next change starts from.
    await act(async () => {
      await router.navigate('/lista?q=domo')
    })
    await act(async () => {
      update({ page: 2 })
    })
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'domo', page: '2' })
  })
})
