import { describe, expect, it } from 'vitest'
import { returnHere, safeReturnPath } from '@/lib/return-path'

describe('safeReturnPath', () => {
  it('returns to a path of this shop, with its query', () => {
    expect(safeReturnPath('/carrito')).toBe('/carrito')
    expect(safeReturnPath('/success?payment_id=1&status=approved')).toBe('/success?payment_id=1&status=approved')
  })

  it.each([
    ['nothing', undefined],
    ['not a string', 42],
    ['another site', 'https://example.com/'],
    ['a protocol-relative address', '//example.com/carrito'],
    ['a backslash browsers read as a slash', '/\\example.com'],
    ['a blank inside', '/\tcarrito'],
    ['a relative path', 'carrito'],
    ['javascript', 'javascript:alert(1)'],
    ['the login itself', '/login'],
    ['the registration', '/usuarios/registro?x=1'],
  ])('goes home for %s', (_, from) => {
    expect(safeReturnPath(from)).toBe('/')
  })
})

describe('returnHere', () => {
  it('keeps the path and the query of the page', () => {
    expect(returnHere({ pathname: '/product/p1', search: '?v=2' })).toEqual({ volver: '/product/p1?v=2' })
  })
})
