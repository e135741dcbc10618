import { useEffect, useRef, useState } from 'react'
import { serverFieldErrors } from '@/lib/api-errors'
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query'
import type { SerializedError } from '@reduxjs/toolkit'
import type { PerfilInput } from '@/features/invoicing/types'
import { checkPerfil, FIELD_SEQUENCE, normalizePerfil } from '@/features/invoicing/fiscal-check'
import type { FieldErrors } from '@/features/invoicing/components/fiscal-fields'

/**
 * Moves the focus to the first field with an error after a submit (`attempt` changes) or when the
 * server's answer (`serverError`) arrives; the returned ref goes on the fields' container.
 */
function useFocusFirstError(errors: FieldErrors, attempt: number, serverError: unknown) {
  const ref = useRef<HTMLDivElement>(null)
  const latest = useRef(errors)
  useEffect(() => {
    latest.current = errors
  })
  useEffect(() => {
    const first = FIELD_SEQUENCE.find((k) => latest.current[k])
    if (!first) return
    ref.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }, [attempt, serverError])
  return ref
}

type ServerError = FetchBaseQueryError | SerializedError | undefined

/**
 * The state of a fiscal-data form: its value, the quick checks' errors (after a submit) over the
 * server's field errors, and the ref that takes the focus to the first one.
 */
export function usePerfilForm(initial: PerfilInput, serverError: ServerError) {
  const [value, setValue] = useState(initial)
  const [local, setLocal] = useState<FieldErrors>({})
  const [attempt, setAttempt] = useState(0)
  const server = serverFieldErrors(serverError) as FieldErrors
  const errors: FieldErrors = Object.keys(local).length > 0 ? local : server
  const fieldsRef = useFocusFirstError(errors, attempt, serverError)

  /** Checks the form; answers the normalized data when it passes, null (and shows why) when not. */
  const validate = (): PerfilInput | null => {
    const found = checkPerfil(value)
    setLocal(found)
    setAttempt((n) => n + 1)
    return Object.keys(found).length > 0 ? null : normalizePerfil(value)
  }
  /** Whether the server's error named no field (its message goes in an alert). */
  const generalError = Boolean(serverError) && Object.keys(server).length === 0
  return { value, setValue, errors, validate, fieldsRef, generalError }
}
