import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useInBrowser } from '@/components/use-in-browser'

/** Says which state it shows, and records what each of its renders saw. */
function Probe({ renders }: { renders: boolean[] }) {
  const inBrowser = useInBrowser()
  renders.push(inBrowser)
  return <p>{inBrowser ? 'estado del navegador' : 'neutral'}</p>
}

describe('useInBrowser', () => {
  afterEach(() => document.getElementById('root')?.remove())

  it('adopts a page prerendered for its route as it was drawn, then shows the browser state; what mounts later shows it at once', async () => {
    // As scripts/prerender.mjs writes it: the page's HTML in a #root marked data-prerendered.
    const root = document.createElement('div')
    root.id = 'root'
    root.setAttribute('data-prerendered', '')
    document.body.append(root)
    root.innerHTML = renderToString(<Probe renders={[]} />)
    expect(root.textContent).toBe('neutral')

    const renders: boolean[] = []
    const onRecoverableError = vi.fn()
    await act(async () => {
      hydrateRoot(root, <Probe renders={renders} />, { onRecoverableError })
    })
    expect(onRecoverableError).not.toHaveBeenCalled() // the first render matched the prerendered HTML
    expect(renders[0]).toBe(false)
    expect(renders.at(-1)).toBe(true)
    expect(root.textContent).toBe('estado del navegador')
    expect(root.hasAttribute('data-prerendered')).toBe(false)

    const later: boolean[] = []
    const { container } = render(<Probe renders={later} />)
    expect(later).toEqual([true])
    expect(container.textContent).toBe('estado del navegador')
  })
})
