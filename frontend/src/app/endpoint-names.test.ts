import { describe, expect, it } from 'vitest'
import { api } from '@/lib/api'
import { endpointsWithMessages } from '@/lib/error-messages'

// Every module that adds endpoints to the one API slice: lib's and each feature's api.ts or *-api.ts.
import.meta.glob(['/src/lib/*-api.ts', '/src/lib/categories.ts', '/src/features/**/api.ts', '/src/features/**/*-api.ts'], {
  eager: true,
})

/** The English verbs an endpoint's name begins with (README.md, 'Naming in the front end'). */
const VERBS = [
  'get', 'list', 'create', 'update', 'delete', 'set', 'search', 'find', 'toggle', 'preview', 'send',
  'cancel', 'replace', 'sync', 'confirm', 'reorder', 'upload', 'recover', 'reset', 'login', 'register',
]

/** English words for things the shop names in Spanish (Producto, Venta, Orden, Corte...). */
const ENGLISH_DOMAIN =
  /(Product|Sale|Order|Cut|Category|Categories|User|Discount|Invoice|Purchase|Account|Profile|Backup|Import|Job|Inventory|Movement|Supplier|Audit|Return|Shipment|Customer|Payment)s?(?=[A-Z]|$)/

const endpoints = Object.keys(api.endpoints)

describe('endpoint names', () => {
  it('finds the endpoints of every feature', () => {
    expect(endpoints.length).toBeGreaterThan(80)
    expect(endpoints).toEqual(expect.arrayContaining(['getConfig', 'getProducto', 'listVentas', 'createCorte', 'listFacturas']))
  })

  it('are an English verb and the Spanish words of the things they are about', () => {
    const verb = new RegExp(`^(${VERBS.join('|')})([A-Z]|$)`)
    expect(endpoints.filter((name) => !verb.test(name))).toEqual([])
    expect(endpoints.filter((name) => ENGLISH_DOMAIN.test(name))).toEqual([])
  })

  it('give their error messages to endpoints that exist', () => {
    expect(endpointsWithMessages().filter((name) => !endpoints.includes(name))).toEqual([])
  })
})
