import { useRef } from 'react'

/** 32 random hex digits (crypto.randomUUID needs HTTPS; a shop's LAN may serve plain HTTP). */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * One Idempotency-Key per checkout attempt: a retry of the same request (after an answer that
 * never arrived) sends the same key, and the server answers what the first one placed; a changed
 * request is another attempt. `keyFor` gives the attempt's key; `done` ends it once it succeeded.
 */
export function useAttemptKey() {
  const attempt = useRef<{ request: string; key: string } | null>(null)
  return {
    keyFor(request: unknown): string {
      const signature = JSON.stringify(request)
      if (attempt.current?.request !== signature) attempt.current = { request: signature, key: randomKey() }
      return attempt.current.key
    },
    done() {
      attempt.current = null
    },
  }
}
