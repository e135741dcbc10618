// The build's manifest (dist/app/.vite/manifest.json, vite.config.ts), as scripts/prerender.mjs and
// scripts/service-worker.mjs read it: each chunk by its key, with the chunks it imports statically
// (`imports`) and loads lazily (`dynamicImports`).
import fs from 'node:fs'
import path from 'node:path'

/** Where the build writes its manifest, under dist/app. */
export const manifestFile = (app) => path.join(app, '.vite/manifest.json')

export const readManifest = (app) => JSON.parse(fs.readFileSync(manifestFile(app), 'utf8'))

/** The key of the shop's frame: the chunk vite.config.ts names 'shop-layout'. */
export function shopFrameKey(manifest) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].name === 'shop-layout' && !manifest[key].src)
  if (keys.length !== 1) throw new Error(`build manifest: expected one 'shop-layout' chunk, found ${keys.length}`)
  return keys[0]
}

/**
 * The chunks `keys` need: themselves and what they import, recursively; with `lazily`, what they
 * load lazily too. Chunks in `skip` are left out, with what only they lead to.
 */
export function chunkClosure(manifest, keys, { lazily = false, skip = new Set() } = {}) {
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key) || skip.has(key)) return
    seen.add(key)
    const next = lazily ? [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])] : (manifest[key].imports ?? [])
    next.forEach(visit)
  }
  keys.forEach(visit)
  return seen
}
