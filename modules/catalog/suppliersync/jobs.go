package suppliersync

import (
	"context"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/supplier"
	"tienda/modules/catalog/supplier/syscom"
	"tienda/pkg/apperr"
)

// An import is a document of proveedor_importaciones: what was picked, then the distributor's
// product ids it stands for (resolved once), and how far it went. The replica that claims it
// (a lease with its owner, renewed at each product, stamped and measured on the store's clock)
// works through IDs from Posicion; after a crash another start
// takes it over where it stopped, and a product imported before is found by its producto_id and
// updated, never created twice.

const jobsColl = "proveedor_importaciones"

// Job states.
const (
	EstadoPendiente = "pendiente"
	EstadoEnCurso   = "en_curso"
	EstadoTerminada = "terminada"
	EstadoFallida   = "fallida"
)

// Seleccion is what an import takes: whole categories, whole brands and single products.
type Seleccion struct {
	Categorias []string `bson:"categorias" json:"categorias" validate:"max=50,dive,max=20"`
	Marcas     []string `bson:"marcas" json:"marcas" validate:"max=50,dive,max=100"`
	Productos  []string `bson:"productos" json:"productos" validate:"max=500,dive,max=20"`
}

// Job is an import.
type Job struct {
	ID        bson.ObjectID     `bson:"_id" json:"_id"`
	Seleccion Seleccion         `bson:"seleccion" json:"seleccion"`
	Estado    string            `bson:"estado" json:"estado"`
	Resuelta  bool              `bson:"resuelta" json:"-"`
	IDs       []string          `bson:"ids" json:"-"`
	Posicion  int               `bson:"posicion" json:"-"`
	Total     int               `bson:"total" json:"total"`
	Hechos    int               `bson:"hechos" json:"hechos"`
	Creados   int               `bson:"creados" json:"creados"`
	Fallidos  int               `bson:"fallidos" json:"fallidos"`
	Errores   map[string]string `bson:"errores" json:"errores"` // the last error by producto_id
	Mensaje   string            `bson:"mensaje,omitempty" json:"mensaje,omitempty"`
	Usuario   string            `bson:"usuario" json:"usuario"`
	Dueno     string            `bson:"dueno,omitempty" json:"-"`
	Renovado  *time.Time        `bson:"renovado,omitempty" json:"-"` // the holder's last renewal, on the store's clock
	Creada    time.Time         `bson:"creada" json:"creada"`
	Terminada *time.Time        `bson:"terminada,omitempty" json:"terminada,omitempty"`
}

// maxErrores bounds the errors a job keeps.
const maxErrores = 200

// maxIDs bounds an import: the whole catalogue of the distributor is about 50,000 products.
const maxIDs = 60000

// newJob stores a pending import and wakes the loop.
func (m *Module) newJob(ctx context.Context, sel Seleccion, usuario string) (Job, error) {
	if len(sel.Categorias)+len(sel.Marcas)+len(sel.Productos) == 0 {
		return Job{}, apperr.New(apperr.Invalid, "Elige al menos una categoría, marca o producto para importar.")
	}
	if _, err := m.client(ctx); err != nil {
		return Job{}, err
	}
	now := m.now().UTC().Truncate(time.Millisecond)
	j := Job{ID: bson.NewObjectID(), Seleccion: sel, Estado: EstadoPendiente, Errores: map[string]string{}, Usuario: usuario, Creada: now, IDs: []string{}}
	if err := m.store.insertJob(ctx, j); err != nil {
		return Job{}, err
	}
	m.poke()
	return j, nil
}

// openStates are the states of an import not finished yet.
func openStates() bson.M { return bson.M{"$in": bson.A{EstadoPendiente, EstadoEnCurso}} }

// claim takes the oldest unfinished job this replica holds or nobody holds, else the oldest one
// whose holder stopped renewing its lease: renovado, stamped on the store's clock (m.now) at each
// renewal, older than the lease on that same clock, never on this process's. Taking it over is
// guarded on the holder and the renewal it was judged by, so a renewal in between wins.
func (m *Module) claim(ctx context.Context) (Job, bool, error) {
	j, ok, err := m.store.claimJob(ctx, bson.M{"estado": openStates(), "$or": bson.A{bson.M{"dueno": m.owner}, bson.M{"dueno": bson.M{"$exists": false}}}}, m.owner, m.now())
	if err != nil || ok {
		return j, ok, err
	}
	held, err := m.store.openJobs(ctx)
	if err != nil || len(held) == 0 {
		return Job{}, false, err
	}
	now := m.now()
	for _, h := range held {
		guard := bson.M{"_id": h.ID, "estado": openStates(), "dueno": h.Dueno, "renovado": bson.M{"$exists": false}}
		if h.Renovado != nil {
			if now.Sub(*h.Renovado) < m.lease {
				continue
			}
			guard["renovado"] = *h.Renovado
		}
		if j, ok, err := m.store.claimJob(ctx, guard, m.owner, m.now()); err != nil || ok {
			return j, ok, err
		}
	}
	return Job{}, false, nil
}

// save writes a job's progress and renews its lease; false when another replica took it.
func (m *Module) save(ctx context.Context, j *Job, set bson.M) (bool, error) {
	return m.store.saveJob(ctx, j.ID, m.owner, m.now(), set)
}

// runNextJob runs one claimed job to its end (or until the module stops); false when none waits.
func (m *Module) runNextJob(ctx context.Context) bool {
	j, ok, err := m.claim(ctx)
	if err != nil || !ok {
		if err != nil && ctx.Err() == nil {
			m.log.Warn().Err(err).Msg("supplier import: claim")
		}
		return false
	}
	if err := m.run(ctx, &j); err != nil && ctx.Err() == nil {
		m.log.Warn().Err(err).Str("job", j.ID.Hex()).Msg("supplier import failed")
		now := m.now().UTC()
		_, _ = m.save(ctx, &j, bson.M{"estado": EstadoFallida, "mensaje": syscom.UserMessage(err), "terminada": now})
	}
	return ctx.Err() == nil
}

func (m *Module) run(ctx context.Context, j *Job) error {
	cli, err := m.client(ctx)
	if err != nil {
		return err
	}
	if !j.Resuelta {
		if j.IDs, err = resolve(ctx, cli, j.Seleccion); err != nil {
			return err
		}
		j.Total, j.Resuelta = len(j.IDs), true
		if ok, err := m.save(ctx, j, bson.M{"ids": j.IDs, "total": j.Total, "resuelta": true}); err != nil || !ok {
			return err
		}
	}
	doc, err := m.settings(ctx)
	if err != nil {
		return err
	}
	rules, err := doc.Reglas.rules()
	if err != nil {
		return err
	}
	rates, err := cli.ExchangeRates(ctx)
	if err != nil {
		return err
	}
	known := m.cat.DistributorProducts(supplier.Proveedor)
	for j.Posicion < len(j.IDs) {
		id := j.IDs[j.Posicion]
		created, err := m.importOne(ctx, cli, id, rates.Normal, rules, known)
		if ctx.Err() != nil {
			return nil // stopped: the product is done again at the next start
		}
		set := bson.M{"posicion": j.Posicion + 1}
		j.Posicion++
		if err != nil {
			j.Fallidos++
			set["fallidos"] = j.Fallidos
			if len(j.Errores) < maxErrores {
				set["errores."+id] = syscom.UserMessage(err)
			}
			m.log.Warn().Err(err).Str("producto_id", id).Msg("supplier import: product")
		} else {
			j.Hechos++
			set["hechos"] = j.Hechos
			if created {
				j.Creados++
				set["creados"] = j.Creados
			}
		}
		if ok, err := m.save(ctx, j, set); err != nil || !ok {
			return err
		}
		if m.afterProduct != nil {
			m.afterProduct(j.Posicion)
		}
	}
	now := m.now().UTC()
	_, err = m.save(ctx, j, bson.M{"estado": EstadoTerminada, "terminada": now})
	return err
}

// resolve lists the distributor's product ids of a selection, without repeats.
func resolve(ctx context.Context, cli *syscom.Client, sel Seleccion) ([]string, error) {
	ids := []string{}
	add := func(id string) {
		if id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	walk := func(next func(pagina int) (syscom.Page, error)) error {
		for pagina := 1; ; pagina++ {
			p, err := next(pagina)
			if err != nil {
				return err
			}
			for _, pr := range p.Productos {
				add(pr.ID)
			}
			if pagina >= p.Paginas || len(p.Productos) == 0 || len(ids) >= maxIDs {
				return nil
			}
		}
	}
	for _, c := range sel.Categorias {
		if err := walk(func(n int) (syscom.Page, error) { return cli.Search(ctx, syscom.Query{Categoria: c}, n) }); err != nil {
			return nil, err
		}
	}
	for _, b := range sel.Marcas {
		if err := walk(func(n int) (syscom.Page, error) { return cli.BrandProducts(ctx, b, n) }); err != nil {
			return nil, err
		}
	}
	for _, p := range sel.Productos {
		add(p)
	}
	return ids, nil
}

// jobs returns the latest imports, newest first.
func (m *Module) jobs(ctx context.Context) ([]Job, error) { return m.store.recentJobs(ctx) }
