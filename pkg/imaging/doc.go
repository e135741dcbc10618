// Package imaging reads pictures (JPEG, PNG, WebP) and makes them again in a few sizes, upright,
// as WebP and JPEG, within a memory bound: Inspect reads a header and refuses, before any pixel is
// decoded, what would take too much to decode; Decode decodes; Resize makes the sizes; a Renderer
// does all three one picture at a time per process. It knows nothing of a shop: the caller chooses
// the sizes, qualities and limits (Options) and says its refusals (ErrFormat, ErrDamaged,
// *TooLargeError, ErrBusy) in its own words; the catalogue's choices are in
// modules/catalog/image_renditions.go.
package imaging
