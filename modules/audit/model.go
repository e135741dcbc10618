package audit

import (
	"time"

	"tienda/pkg/audit"
	"tienda/pkg/httpx"
)

// Page sizes of GET /v1/auditoria.
const (
	DefaultPageSize = 25
	MaxPageSize     = 100
)

// Filter selects entries. Zero fields do not filter.
type Filter struct {
	Coleccion  string
	RegistroID string // the record's id
	Registro   string // part of the record's label (a name, an e-mail, a folio), any case
	UsuarioID  string // the id of who made the change
	Usuario    string // part of the name of who made it, any case
	From       time.Time
	Before     time.Time // exclusive
	Page       int       // from 1
	Limit      int       // 1..MaxPageSize
}

// Page is one page of entries, newest first.
type Page struct {
	Entradas []audit.Entry  `json:"entradas"`
	Meta     httpx.PageMeta `json:"meta"`
}
