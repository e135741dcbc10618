import { describe, expect, it } from 'vitest'
import { makeStore } from '@/lib/store'
import { configApi } from '@/lib/config-api'
import { selectIsSignedIn } from '@/lib/session-slice'
import { json, mockServer, sampleConfig } from '@/testing/fetch-mock'
import { storeSession } from '@/testing/render'

describe('api base query', () => {
  it('sends the token as a Bearer Authorization header when signed in', async () => {
    storeSession()
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig) })
    const store = makeStore()
    await store.dispatch(configApi.endpoints.getConfig.initiate())
    expect(calls).toHaveLength(1)
    expect(new URL(calls[0].url).pathname).toBe('/v1/config')
    expect(calls[0].headers.get('Authorization')).toBe('Bearer test-token')
  })

  it('sends no Authorization header when signed out', async () => {
    const { calls } = mockServer({ 'GET /v1/config': json(sampleConfig) })
    const store = makeStore()
    await store.dispatch(configApi.endpoints.getConfig.initiate())
    expect(calls[0].headers.get('Authorization')).toBeNull()
  })

  it('signs out and clears the browser storage when the server answers 401', async () => {
    storeSession()
    mockServer({ 'GET /v1/config': json({ error: { code: 'unauthorized', message: 'Sesión expirada' } }, 401) })
    const store = makeStore()
    await store.dispatch(configApi.endpoints.getConfig.initiate())
    expect(selectIsSignedIn(store.getState())).toBe(false)
    expect(localStorage.getItem('token')).toBeNull()
  })
})
