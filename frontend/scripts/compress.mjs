#!/usr/bin/env node
// Brotli copies of the build's code and styles, run by `npm run build` last: for each
// dist/app/assets/*.{js,css} it writes <file>.br at Brotli's best quality, once, at build time.
// The Go server answers a browser that accepts Brotli with that copy (app/pages.go), and any other
// with the file itself, gzipped by its middleware. The entry is about 13 % smaller than gzip makes
// it (112 KB against 130 KB), every page's code as much: less to download on a phone's first
// visit. The hashed names never change under a running binary, so each copy is made once.
//
//   node scripts/compress.mjs [--dist dist/app]
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The Brotli copy of content: best quality, text mode. */
function brotli(content) {
  return zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  })
}

function main() {
  const i = process.argv.indexOf('--dist')
  const assets = path.join(path.resolve(frontend, i > 0 ? process.argv[i + 1] : 'dist/app'), 'assets')
  let files = 0
  let before = 0
  let after = 0
  for (const name of fs.readdirSync(assets)) {
    if (!/\.(js|css)$/.test(name)) continue
    const file = path.join(assets, name)
    const content = fs.readFileSync(file)
    const compressed = brotli(content)
    if (compressed.length >= content.length) continue
    fs.writeFileSync(`${file}.br`, compressed)
    files++
    before += zlib.gzipSync(content, { level: 9 }).length
    after += compressed.length
  }
  console.log(`  brotli: ${files} files, ${(after / 1000).toFixed(0)} KB (gzip: ${(before / 1000).toFixed(0)} KB)`)
}

main()
