import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { AppThunk } from '@/lib/store'
import { api } from '@/lib/api'
import { sessionRejected, signedOut } from '@/lib/session-events'
import { clearStorage } from '@/lib/storage'
import { firstName } from '@/lib/text'
import { readSession, toDataUsuario, writeSession } from '@/lib/session-storage'
import type { DataUsuario, LoginResponse } from '@/lib/session'

export type SessionState = {
  token: string | null
  user: DataUsuario | null
  lastLogin: string | null
  /** Why the user was signed out (the server refused the token); shown until dismissed. */
  notice?: string | null
}

const empty: SessionState = { token: null, user: null, lastLogin: null, notice: null }

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => readSession(),
  reducers: {
    sessionStarted: (_state, action: PayloadAction<SessionState>) => action.payload,
    noticeDismissed: (state) => {
      state.notice = null
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => empty)
    builder.addCase(sessionRejected, (state, action) => {
      state.notice = action.payload
    })
  },
  selectors: {
    selectToken: (s) => s.token,
    selectNotice: (s) => s.notice ?? null,
    selectUsuario: (s) => s.user,
    selectIsSignedIn: (s) => Boolean(s.token),
    selectIsAdmin: (s) => Boolean(s.token && s.user?.admin),
    selectFirstName: (s) => (s.token ? firstName(s.user?.name) : ''),
    /** The staff role; older sessions without `rol` fall back on the admin flag. */
    selectRol: (s) => (s.token ? s.user?.rol || (s.user?.admin ? 'Administrador' : 'Cliente') : null),
  },
})

export const { sessionStarted, noticeDismissed } = sessionSlice.actions
export const { selectNotice, selectToken, selectUsuario, selectIsSignedIn, selectIsAdmin, selectFirstName, selectRol } =
  sessionSlice.selectors

/** Stores the login answer in the browser and in the state. */
export const signIn =
  ({ data }: LoginResponse, now: Date = new Date()): AppThunk =>
  (dispatch) => {
    const lastLogin = now.toISOString()
    const usuario = toDataUsuario(data.dataUser) ?? { id: '', name: '', email: data.email, admin: false }
    writeSession(data.token, data.email, usuario, lastLogin)
    dispatch(sessionStarted({ token: data.token, user: usuario, lastLogin }))
  }

/**
 * Keeps the session in step after the user changed their own account: a new name or e-mail
 * (profile) or the new token the server answers to a password change.
 */
export const sessionUpdated =
  ({ token, name, email }: { token?: string; name?: string; email?: string }): AppThunk =>
  (dispatch, getState) => {
    const current = getState().session
    if (!current.token || !current.user) return
    const usuario = { ...current.user, ...(name ? { name } : {}), ...(email ? { email } : {}) }
    const next = { token: token ?? current.token, user: usuario, lastLogin: current.lastLogin }
    writeSession(next.token, usuario.email, usuario, next.lastLogin ?? new Date().toISOString())
    dispatch(sessionStarted(next))
  }

/** "Cerrar sesión": forgets everything kept in the browser and every cached answer. */
export const signOut = (): AppThunk => (dispatch) => {
  clearStorage()
  dispatch(signedOut())
  dispatch(api.util.resetApiState())
}
