import { useCallback } from 'react'
import { useDispatch, useSelector } from 'react-redux'
import { endRejectedSession } from '@/lib/api'
import { DownloadError } from '@/lib/download'
import type { TokenState } from '@/lib/session-events'

/**
 * The session's token for a download (lib/download.ts), and `onDownloadError`, to call with what
 * a download threw: when the server refused the token (401), the user is signed out with the
 * same message as any refused API call (baseQuery).
 */
export function useDownloadAuth() {
  const token = useSelector((s: TokenState) => s.session.token)
  const dispatch = useDispatch()
  const onDownloadError = useCallback(
    (err: unknown) => {
      if (err instanceof DownloadError && err.unauthorized && token) endRejectedSession(dispatch)
    },
    [token, dispatch],
  )
  return { token, onDownloadError }
}
