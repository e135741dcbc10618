import { createAction } from '@reduxjs/toolkit'

/**
 * Dispatched when the session ends, by the user ("Cerrar sesión") or because the server
 * answered 401. Shared so that every slice holding personal data (session, cart) resets.
 */
export const signedOut = createAction('session/signedOut')

/**
 * Dispatched after `signedOut` when the server refused the stored token (expired, account
 * disabled or deleted, role changed); the payload is the Spanish message to show.
 */
export const sessionRejected = createAction<string>('session/rejected')

/** The part of the root state that the API layer reads to authenticate calls. */
export type TokenState = { session: { token: string | null } }
