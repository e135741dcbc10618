// Package sqlitestore is the part of pkg/mongox that knows the embedded engine's storage format:
// how FerretDB v1 keeps a document in its SQLite file (its "sjson", sjson.go), read here directly
// where FerretDB itself is slow. Its door is two functions: Document, the BSON of a stored
// document, byte for byte what FerretDB answers for it; and Projected, a document of top-level
// scalars from their stored values and types (projected.go). Only pkg/mongox imports it (Go's
// internal rule).
package sqlitestore
