import { vi } from 'vitest'

/** Makes `matchMedia` answer as a screen `width` px wide (desktop, tablet or phone). */
export function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query)
    const max = /max-width:\s*(\d+)px/.exec(query)
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]))
    return { matches, media: query, addEventListener() {}, removeEventListener() {} }
  })
}
