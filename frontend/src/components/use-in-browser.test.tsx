import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { adoptPrerenderedPage, useInBrowser } from '@/components/use-in-browser'

/** Says which state it shows, and records what each of its renders saw. */
function Probe({ renders }: { renders: boolean[] }) {
  const inBrowser = useInBrowser()
  renders.push(inBrowser)
  return <p>{inBrowser ? 'estado del navegador' : 'neutral'}</p>
}

describe('useInBrowser', () => {
  it('adopts a prerendered page as it was drawn, then shows the browser state; what mounts later shows it at once', async () => {
    const container = document.createElement('div')
    adoptPrerenderedPage() // as main.tsx does before adopting the page (and as the prerender, with no window, starts)
    container.innerHTML = renderToString(<Probe renders={[]} />)
    expect(container.textContent).toBe('neutral')

    const renders: boolean[] = []
    const onRecoverableError = vi.fn()
    await act(async () => {
      hydrateRoot(container, <Probe renders={renders} />, { onRecoverableError })
    })
    expect(onRecoverableError).not.toHaveBeenCalled() // the first render matched the prerendered HTML
    expect(renders[0]).toBe(false)
    expect(renders.at(-1)).toBe(true)
    expect(container.textContent).toBe('estado del navegador')

    const later: boolean[] = []
    const { container: laterContainer } = render(<Probe renders={later} />)
    expect(later).toEqual([true])
    expect(laterContainer.textContent).toBe('estado del navegador')
  })
})
