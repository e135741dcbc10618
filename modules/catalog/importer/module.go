// Package importer is 'Importar productos': a CSV or XLSX file in the layout of the products'
// export, its preview (new, changed with before and after, unchanged, refused with the row, column
// and a Spanish reason) and its apply in the background, resumable and never twice. It reaches
// the products only through the catalogue's door (Catalog, ports.go), which writes each product
// as the product form does.
//
// Where things are: parse.go reads the file, plan.go and variants.go make the plan, apply.go and
// jobs.go apply it (a job per import, claimed by one replica with a lease), http.go has the
// routes, store.go the jobs' collections.
package importer

import (
	"context"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/auth"
	"tienda/pkg/mongox"
)

// Deps is what the importer needs from the application.
type Deps struct {
	Store   *mongox.Store
	Catalog Catalog
	Log     zerolog.Logger
}

// Service makes the plans of import files on the catalogue.
type Service struct {
	cat Catalog
}

// Module is the importer's one door.
type Module struct {
	service *Service
	imports *importer // the import jobs' worker (jobs.go)
}

// New builds the module; Start begins its worker.
func New(d Deps) *Module {
	svc := &Service{cat: d.Catalog}
	return &Module{service: svc, imports: newImporter(svc, d.Store, d.Log)}
}

// Collections are the import jobs' collections and their indexes (mongox.Store.BuildIndexes).
func (m *Module) Collections() []mongox.Collection { return m.imports.store.collections() }

// Start begins the worker that applies the confirmed imports, until Stop.
func (m *Module) Start(context.Context) error {
	m.imports.start()
	return nil
}

// Stop ends the worker; a job in progress is taken up again at the next start.
func (m *Module) Stop() { m.imports.stop() }

// Routes registers nothing: every route of the importer carries a file (UploadRoutes).
func (m *Module) Routes(*echo.Group) {}

// UploadRoutes registers the importer's routes (http.go) on the /v1 group with the uploads' body
// limit, for the roles that manage the catalogue.
func (m *Module) UploadRoutes(g *echo.Group) {
	manage := auth.Require(auth.ManageCatalog)
	g.POST("/productos/importar", m.importProducts, manage)
	g.GET("/productos/importar/plantilla", m.importTemplate, manage)
	g.GET("/productos/importaciones", m.importJobs, manage)
	g.GET("/productos/importaciones/:id", m.importJob, manage)
}
