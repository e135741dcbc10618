// Package sqlitestore is the part of pkg/mongox that knows the embedded engine's storage: the
// SQLite file in which FerretDB v1 keeps a database, its tables (_ferretdb_collections, one table
// a collection) and how it keeps a document there (its "sjson", sjson.go and sjson_write.go).
// pkg/mongox reads and writes that file directly where FerretDB is slow, through this door only;
// its methods speak BSON and Go values, never SQL, and each answers done (or ok) false when it
// cannot answer exactly as FerretDB would, for pkg/mongox to ask FerretDB instead.
//
//   - Open(File(dir, database)) is an Engine on a database's file; Close closes its connections.
//   - Check runs SQLite's quick check on the files of a data directory; IsUniqueViolation and
//     IsDiskFailure read SQLite's errors.
//   - IndexIDs adds the index FerretDB's lookups by _id lack (ids.go).
//   - Select, SelectIDs and Everything say which documents (a Selection); Each, EachRow,
//     EachProjected, IDs and Count read them (read.go, projected.go).
//   - Page answers a sorted, filtered page and its count (page.go, page_sql.go).
//   - ListIndexes and BuildListIndexes keep the list indexes of pages (list_index.go).
//   - SetMany, SetEach and Rewrite write documents in FerretDB's format (set.go, rewrite.go).
//
// Only pkg/mongox imports it (Go's internal rule), and no file of pkg/mongox itself opens SQLite
// (TestOnlySqlitestoreKnowsSQLite).
package sqlitestore
