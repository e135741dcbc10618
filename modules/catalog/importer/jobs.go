package importer

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"slices"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/mongox"
)

// An import applied is a job: a document of importaciones (its state, counts, progress and
// refusals) and its file in importaciones_archivos, written when the user confirms; a worker on
// one replica claims it with a lease (an owner and an expiry, renewed at each batch) and applies
// it in batches, saving after each batch the first row of the last product done (posicion).
//
// A crash half way loses at most the progress of one batch: the replica that claims the job next
// (this one, or another once the lease expired) plans the file again on the catalogue as it is
// and goes on after posicion. A product written before the crash plans as unchanged (it is
// matched by producto_id, modelo or name), and a row's stock count is an adjustment whose
// movement id comes from the import and the row (importMovementID): written once, never twice.
//
// The lease is measured on the store's clock (mongox.Store.Now), and a lease outlives a pause of
// the holder by importLease, so another replica takes over only a job its holder stopped
// renewing.

const (
	importJobsColl  = "importaciones"
	importFilesColl = "importaciones_archivos"
)

// Import job states.
const (
	ImportPendiente = "pendiente"
	ImportEnCurso   = "en_curso"
	ImportTerminada = "terminada"
	ImportFallida   = "fallida"
)

const (
	importLease     = time.Minute
	importBatch     = 200 // products applied between two saves of the progress
	maxJobRefusals  = 500 // refusals and write errors a job keeps (its counts count them all)
	recentImports   = 10
	importPollEvery = 2 * time.Second
)

// ImportJob is an import applied in the background, as GET /v1/productos/importaciones answers it.
type ImportJob struct {
	ID      bson.ObjectID `bson:"_id" json:"_id"`
	Estado  string        `bson:"estado" json:"estado"`
	Archivo string        `bson:"archivo" json:"archivo"` // the file's name
	Filas   int           `bson:"filas" json:"filas"`     // its data rows
	// Planeada: the plan is made and Total, SinCambios and the refusals are set.
	Planeada      bool            `bson:"planeada" json:"-"`
	Total         int             `bson:"total" json:"total"`   // products to write (new and changed)
	Hechos        int             `bson:"hechos" json:"hechos"` // of them, done
	Posicion      int             `bson:"posicion" json:"-"`    // first row of the last product done
	Creados       int             `bson:"creados" json:"creados"`
	Actualizados  int             `bson:"actualizados" json:"actualizados"`
	SinCambios    int             `bson:"sinCambios" json:"sinCambios"`
	Ajustes       int             `bson:"ajustes" json:"ajustes"`
	NumRechazados int             `bson:"numRechazados" json:"numRechazados"`
	Rechazados    []ImportRefusal `bson:"rechazados" json:"rechazados"`
	NumErrores    int             `bson:"numErrores" json:"numErrores"`
	Errores       []ImportRefusal `bson:"errores" json:"errores"` // products that failed while written: their first row
	Mensaje       string          `bson:"mensaje,omitempty" json:"mensaje,omitempty"`
	UsuarioID     string          `bson:"usuarioId" json:"usuarioId"`
	Usuario       string          `bson:"usuario" json:"usuario"`
	Dueno         string          `bson:"dueno,omitempty" json:"-"`
	Hasta         time.Time       `bson:"hasta" json:"-"` // the claim's lease
	Creada        time.Time       `bson:"creada" json:"creada"`
	Terminada     *time.Time      `bson:"terminada,omitempty" json:"terminada,omitempty"`
}

// importFile is the stored file of a job.
type importJobFile struct {
	ID    bson.ObjectID `bson:"_id"`
	Datos []byte        `bson:"datos"`
}

// importer runs the import jobs of this replica, one at a time.
type importer struct {
	svc   *Service
	store store
	log   zerolog.Logger
	owner string
	lease time.Duration
	batch int
	now   func() time.Time
	wake  chan struct{}

	// crashAfter, for tests, stops the worker as a crash would once it wrote that many products:
	// after the writes of the batch, before its progress is saved, and for good; then crashedNow,
	// when set, is closed.
	crashAfter int
	crashed    bool
	crashedNow chan struct{}

	cancel context.CancelFunc
	done   chan struct{}
}

func newImporter(svc *Service, db *mongox.Store, log zerolog.Logger) *importer {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return &importer{svc: svc, store: store{db: db}, log: log, owner: hex.EncodeToString(b), lease: importLease, batch: importBatch,
		now: db.Now, wake: make(chan struct{}, 1)}
}

// start runs the worker until stop: a job is looked for every importPollEvery and at each poke.
func (im *importer) start() {
	ctx, cancel := context.WithCancel(context.Background())
	im.cancel, im.done = cancel, make(chan struct{})
	go func() {
		defer close(im.done)
		t := time.NewTicker(importPollEvery)
		defer t.Stop()
		for {
			for im.runNext(ctx) {
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			case <-im.wake:
			}
		}
	}()
}

// stop ends the worker; a job in progress stops after its current product and is taken up again
// at the next start (or by another replica once its lease expires).
func (im *importer) stop() {
	if im.cancel != nil {
		im.cancel()
		<-im.done
		im.cancel = nil
	}
}

func (im *importer) poke() {
	select {
	case im.wake <- struct{}{}:
	default:
	}
}

// startImport stores a confirmed import as a pending job. Errors: invalid (the file).
func (im *importer) startImport(ctx context.Context, name string, data []byte) (ImportJob, error) {
	file, err := parseImport(data)
	if err != nil {
		return ImportJob{}, err
	}
	who := audit.ActorFrom(ctx)
	now := im.now().UTC().Truncate(time.Millisecond)
	j := ImportJob{ID: bson.NewObjectID(), Estado: ImportPendiente, Archivo: name, Filas: len(file.rows),
		Rechazados: []ImportRefusal{}, Errores: []ImportRefusal{}, UsuarioID: who.ID, Usuario: who.Name, Creada: now}
	ctx = context.WithoutCancel(ctx)
	if err := im.store.insertImport(ctx, j, data); err != nil {
		return ImportJob{}, err
	}
	im.poke()
	return j, nil
}

// job reads one job. Errors: not_found.
func (im *importer) job(ctx context.Context, id string) (ImportJob, error) {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return ImportJob{}, apperr.New(apperr.NotFound, "No existe esa importación.")
	}
	j, found, err := im.store.importJob(ctx, oid)
	if err != nil {
		return ImportJob{}, apperr.Wrap(err, "catalog: read import")
	}
	if !found {
		return ImportJob{}, apperr.New(apperr.NotFound, "No existe esa importación.")
	}
	return j, nil
}

// recent lists the latest jobs, newest first.
func (im *importer) recent(ctx context.Context) ([]ImportJob, error) {
	jobs, err := im.store.recentImports(ctx)
	if err != nil {
		return nil, apperr.Wrap(err, "catalog: list imports")
	}
	if jobs == nil {
		jobs = []ImportJob{}
	}
	return jobs, nil
}

// claim takes the oldest unfinished job nobody holds (or whose holder stopped renewing it).
func (im *importer) claim(ctx context.Context) (ImportJob, bool, error) {
	return im.store.claimImport(ctx, im.owner, im.now().UTC(), im.lease)
}

// save writes a job's progress and renews its lease; false when another replica holds it now.
func (im *importer) save(ctx context.Context, j *ImportJob, set bson.M) (bool, error) {
	set["hasta"] = im.now().UTC().Add(im.lease)
	return im.store.saveImport(ctx, j.ID, im.owner, set)
}

// errCrash is the stop crashAfter asks for.
var errCrash = errors.New("catalog: import stopped by the test hook")

// runNext runs one claimed job to its end (or until the worker stops); false when none waits.
func (im *importer) runNext(ctx context.Context) bool {
	if im.crashed {
		return false
	}
	j, ok, err := im.claim(ctx)
	if err != nil || !ok {
		if err != nil && ctx.Err() == nil {
			im.log.Warn().Err(err).Msg("product import: claim")
		}
		return false
	}
	err = im.run(ctx, &j)
	switch {
	case errors.Is(err, errCrash):
		im.crashed = true
		if im.crashedNow != nil {
			close(im.crashedNow)
		}
		return false
	case err != nil && ctx.Err() == nil:
		im.log.Warn().Err(err).Str("import", j.ID.Hex()).Msg("product import failed")
		msg := "La importación se detuvo por un error. Vuelve a importar el archivo: lo que ya se guardó no se repite."
		var ae *apperr.Error
		if errors.As(err, &ae) && ae.Code == apperr.Invalid {
			msg = ae.Message
		}
		now := im.now().UTC()
		_, _ = im.save(ctx, &j, bson.M{"estado": ImportFallida, "mensaje": msg, "terminada": now})
		im.dropFile(ctx, j.ID)
	}
	return ctx.Err() == nil
}

// run plans the job's file on the catalogue as it is and applies the products after posicion.
func (im *importer) run(ctx context.Context, j *ImportJob) error {
	stored, found, err := im.store.importFile(ctx, j.ID)
	if err != nil {
		return apperr.Wrap(err, "catalog: read import file")
	}
	if !found {
		return apperr.New(apperr.Invalid, "El archivo de la importación ya no está. Vuelve a importarlo.")
	}
	file, err := parseImport(stored.Datos)
	if err != nil {
		return err
	}
	plan := im.svc.planImport(file)
	if !j.Planeada {
		j.Planeada, j.Total, j.SinCambios = true, len(plan.Nuevos)+len(plan.Cambios), len(plan.SinCambios)
		j.NumRechazados, j.Rechazados = len(plan.Rechazados), capRefusals(plan.Rechazados)
		set := bson.M{"planeada": true, "total": j.Total, "sinCambios": j.SinCambios, "numRechazados": j.NumRechazados, "rechazados": j.Rechazados}
		if ok, err := im.save(ctx, j, set); err != nil || !ok {
			return err
		}
	}
	work := toWrite(plan, j.Posicion)
	actx := audit.WithActor(context.WithoutCancel(ctx), audit.Actor{ID: j.UsuarioID, Name: j.Usuario})
	im.finishCreated(actx, j, plan)
	for len(work) > 0 {
		if ctx.Err() != nil {
			return nil // stopped: the rest is done at the next start
		}
		batch := work[:min(im.batch, len(work))]
		work = work[len(batch):]
		im.applyBatch(actx, j, batch)
		if im.crashAfter > 0 && j.Hechos >= im.crashAfter {
			return errCrash
		}
		j.Posicion = batch[len(batch)-1].Filas[0]
		set := bson.M{"posicion": j.Posicion, "hechos": j.Hechos, "creados": j.Creados, "actualizados": j.Actualizados,
			"ajustes": j.Ajustes, "numErrores": j.NumErrores, "errores": j.Errores}
		if ok, err := im.save(ctx, j, set); err != nil || !ok {
			return err
		}
	}
	// Products written before a crash whose progress was not saved planned as unchanged since:
	// every product of the file is done.
	now := im.now().UTC()
	if _, err := im.save(ctx, j, bson.M{"estado": ImportTerminada, "hechos": j.Total, "terminada": now}); err != nil {
		return err
	}
	im.dropFile(ctx, j.ID)
	return nil
}

// finishCreated records, for the products this job created in a batch whose progress a crash
// left unsaved (they plan as unchanged now, under the id their first row gave them), what may
// not have been recorded after them: their movements and entries of the trail (once), and counts
// them as created.
func (im *importer) finishCreated(ctx context.Context, j *ImportJob, plan ImportPlan) {
	var done []catalog.Product
	for _, ip := range plan.SinCambios {
		id := importProductID(j.ID, ip.Filas[0])
		if ip.Filas[0] <= j.Posicion || ip.ID != id.Hex() {
			continue
		}
		if p, ok := im.svc.cat.Cached(id); ok {
			done = append(done, p)
		}
	}
	if len(done) > 0 {
		im.svc.cat.RecordCreated(ctx, done)
		j.Creados += len(done)
	}
}

func (im *importer) dropFile(ctx context.Context, id bson.ObjectID) {
	if err := im.store.dropImportFile(context.WithoutCancel(ctx), id); err != nil {
		im.log.Warn().Err(err).Str("import", id.Hex()).Msg("product import: file not removed")
	}
}

// toWrite are the new and changed products of a plan in the file's order, after row from.
func toWrite(plan ImportPlan, from int) []ImportProduct {
	var out []ImportProduct
	for _, ip := range slices.Concat(plan.Nuevos, plan.Cambios) {
		if ip.Filas[0] > from {
			out = append(out, ip)
		}
	}
	slices.SortFunc(out, func(a, b ImportProduct) int { return a.Filas[0] - b.Filas[0] })
	return out
}

func capRefusals(rs []ImportRefusal) []ImportRefusal {
	if len(rs) > maxJobRefusals {
		return rs[:maxJobRefusals]
	}
	return rs
}
