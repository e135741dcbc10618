// Browser storage can throw (private mode, quota, disabled cookies); the shop must keep working.

export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}

export function removeItem(key: string): void {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // Ignored on purpose, see writeItem.
  }
}

/** Removes everything the shop keeps in the browser (logout clears all browser storage). */
export function clearStorage(): void {
  try {
    window.localStorage.clear()
  } catch {
    // Ignored on purpose, see writeItem.
  }
}
