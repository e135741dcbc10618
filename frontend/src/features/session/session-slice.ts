import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { AppThunk } from '@/app/store'
import { api } from '@/lib/api'
import { signedOut } from '@/lib/session-events'
import { clearStorage } from '@/lib/storage'
import { firstName } from '@/lib/text'
import { readSession, toDataUser, writeSession } from '@/features/session/session-storage'
import type { DataUser, LoginResponse } from '@/features/session/types'

export type SessionState = {
  token: string | null
  user: DataUser | null
  lastLogin: string | null
}

const empty: SessionState = { token: null, user: null, lastLogin: null }

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => readSession(),
  reducers: {
    sessionStarted: (_state, action: PayloadAction<SessionState>) => action.payload,
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => empty)
  },
  selectors: {
    selectToken: (s) => s.token,
    selectUser: (s) => s.user,
    selectIsSignedIn: (s) => Boolean(s.token),
    selectIsAdmin: (s) => Boolean(s.token && s.user?.admin),
    selectFirstName: (s) => (s.token ? firstName(s.user?.name) : ''),
    /** The staff role; older sessions without `rol` fall back on the admin flag. */
    selectRol: (s) => (s.token ? s.user?.rol || (s.user?.admin ? 'Administrador' : 'Cliente') : null),
  },
})

export const { sessionStarted } = sessionSlice.actions
export const { selectToken, selectUser, selectIsSignedIn, selectIsAdmin, selectFirstName, selectRol } =
  sessionSlice.selectors

/** Stores the login answer in the browser (SPEC §3 keys) and in the state. */
export const signIn =
  ({ data }: LoginResponse, now: Date = new Date()): AppThunk =>
  (dispatch) => {
    const lastLogin = now.toISOString()
    const user = toDataUser(data.dataUser) ?? { id: '', name: '', email: data.email, admin: false }
    writeSession(data.token, data.email, user, lastLogin)
    dispatch(sessionStarted({ token: data.token, user, lastLogin }))
  }

/** "Cerrar sesión": forgets everything kept in the browser and every cached answer. */
export const signOut = (): AppThunk => (dispatch) => {
  clearStorage()
  dispatch(signedOut())
  dispatch(api.util.resetApiState())
}
