import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Pager } from '@/components/pager'
import { rangeText } from '@/lib/list-state'

describe('Pager', () => {
  it('says where the page sits, es-MX numbers, en dash', () => {
    expect(rangeText({ page: 1, limit: 25, total: 2013, hasMore: true }, 25)).toBe('Mostrando 1–25 de 2,013')
    expect(rangeText({ page: 81, limit: 25, total: 2013, hasMore: false }, 13)).toBe('Mostrando 2,001–2,013 de 2,013')
    expect(rangeText({ page: 1, limit: 25, total: 0, hasMore: false }, 0)).toBe('Sin resultados')
  })

  it('turns pages, changes the size, and waits while a page is fetched', async () => {
    const onPage = vi.fn()
    const onLimit = vi.fn()
    const user = userEvent.setup()
    const meta = { page: 2, limit: 25, total: 60, hasMore: true }
    const { rerender } = render(<Pager meta={meta} shown={25} onPage={onPage} onLimit={onLimit} label="órdenes" />)
    const nav = screen.getByRole('navigation', { name: 'Páginas de órdenes' })
    expect(nav).toHaveTextContent('Mostrando 26–50 de 60')
    expect(nav).toHaveTextContent('Página 2 de 3')
    await user.click(screen.getByRole('button', { name: 'Página anterior' }))
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }))
    expect(onPage.mock.calls).toEqual([[1], [3]])
    await user.selectOptions(screen.getByLabelText('Por página'), '100')
    expect(onLimit).toHaveBeenCalledWith(100)
    expect(screen.getByTestId('pager-range')).toHaveAttribute('aria-live', 'polite')

    rerender(<Pager meta={meta} shown={25} onPage={onPage} busy label="órdenes" />)
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeDisabled()
    expect(screen.queryByLabelText('Por página')).toBeNull()
  })

  it('draws nothing for an empty list', () => {
    const { container } = render(<Pager meta={{ page: 1, limit: 25, total: 0, hasMore: false }} shown={0} onPage={() => {}} label="órdenes" />)
    expect(container).toBeEmptyDOMElement()
  })
})
