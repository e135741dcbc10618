// Package frontend embeds the built React app (frontend/dist/app) into the binary. dist/.gitkeep
// is committed so that the Go build works before the first front-end build; the shop then answers
// every page with an error until `go tool task build` has built the app.
package frontend

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built app: index.html at its root, hashed files under assets/ (with the Brotli
// copies scripts/compress.mjs made of the scripts and styles), and the pages scripts/prerender.mjs
// rendered at build time under prerender/.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist/app")
	if err != nil {
		panic(err) // cannot happen: "dist/app" is a valid path
	}
	return sub
}
