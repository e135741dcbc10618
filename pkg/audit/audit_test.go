package audit

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

func TestDiffListsOnlyWhatChangedByField(t *testing.T) {
	t.Parallel()
	got := Diff(
		map[string]string{"nombre": "Cámara", "precio": "150", "igual": "x", "vacio": "", "quitado": "algo"},
		map[string]string{"nombre": "Cámara 4K", "precio": "150", "igual": "x", "nuevo": "sí", "otro": ""},
	)
	want := []Change{
		{Campo: "nombre", Antes: "Cámara", Despues: "Cámara 4K"},
		{Campo: "nuevo", Despues: "sí"},
		{Campo: "quitado", Antes: "algo"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%+v\nwant %+v", got, want)
	}
	if d := Diff(map[string]string{"a": "1"}, map[string]string{"a": "1"}); len(d) != 0 {
		t.Errorf("no change: %+v", d)
	}
}

func TestFieldsFlattensADocument(t *testing.T) {
	t.Parallel()
	type inner struct {
		Lista float64 `bson:"precio_lista"`
	}
	type row struct {
		X string `bson:"x"`
	}
	when := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	doc := struct {
		Nombre   string     `bson:"nombre"`
		Favorito bool       `bson:"favorito"`
		Stock    int        `bson:"stock"`
		Precios  inner      `bson:"precios"`
		Cats     []string   `bson:"categorias"`
		Empty    []string   `bson:"vacia"`
		Rows     []row      `bson:"filas"`
		Fecha    *time.Time `bson:"fecha"`
		Hora     time.Time  `bson:"hora"`
		Secreto  string     `bson:"password"`
		Nested   inner      `bson:"details"`
	}{"Cámara", true, 3, inner{1299.9}, []string{"a", "b"}, []string{}, []row{{"uno"}}, &when, when.Add(90 * time.Minute), "hash", inner{1}}
	got, err := Fields(doc, "password", "details.precio_lista")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"nombre": "Cámara", "favorito": "sí", "stock": "3", "precios.precio_lista": "1299.9", "categorias": "a, b",
		"vacia": "", "filas[0].x": "uno", "fecha": "2026-03-01", "hora": "2026-03-01T01:30:00Z",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%v\nwant %v", got, want)
	}
}

type recorder struct {
	got   []Entry
	calls int
	fail  bool
}

func (r *recorder) Record(ctx context.Context, es ...Entry) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if r.fail {
		return errors.New("sin conexión")
	}
	r.calls++
	r.got = append(r.got, es...)
	return nil
}

func TestWriteNamesTheActorClipsValuesAndNeverFails(t *testing.T) {
	t.Parallel()
	r := &recorder{}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the request is over: the entry is still written
	long := strings.Repeat("é", maxValue+50)
	Write(ctx, r, zerolog.Nop(), Actor{ID: "u1", Name: "Ana"}, Entry{
		Coleccion: Productos, RegistroID: "p1", Registro: "Cámara", Accion: Actualizar,
		Cambios: []Change{{Campo: "descripcion", Antes: long, Despues: "corta"}},
	})
	if len(r.got) != 1 {
		t.Fatalf("entries %+v", r.got)
	}
	e := r.got[0]
	if e.UsuarioID != "u1" || e.NombreUsuario != "Ana" || !e.Fecha.IsZero() { // the recorder stamps it
		t.Errorf("entry %+v", e)
	}
	if c := e.Cambios[0]; len([]rune(c.Antes)) != maxValue || !strings.HasSuffix(c.Antes, "…") || c.Despues != "corta" {
		t.Errorf("clipped %d runes: %q", len([]rune(c.Antes)), c.Antes)
	}

	// Nothing changed: nothing written; a creation with no field is still written.
	Write(context.Background(), r, zerolog.Nop(), Actor{}, Entry{Coleccion: Ventas, RegistroID: "v1", Accion: CambiarEstado})
	Write(context.Background(), r, zerolog.Nop(), Actor{}, Entry{Coleccion: Ventas, RegistroID: "v1", Accion: Crear})
	if len(r.got) != 2 || r.got[1].Accion != Crear {
		t.Errorf("entries %+v", r.got)
	}

	// Several entries go in one call, without those that changed nothing.
	r.got, r.calls = nil, 0
	Write(context.Background(), r, zerolog.Nop(), Actor{ID: "u2"},
		Entry{Coleccion: Productos, RegistroID: "p1", Accion: Crear},
		Entry{Coleccion: Productos, RegistroID: "p2", Accion: Actualizar},
		Entry{Coleccion: Productos, RegistroID: "p3", Accion: Crear})
	if r.calls != 1 || len(r.got) != 2 || r.got[0].RegistroID != "p1" || r.got[1].RegistroID != "p3" || r.got[1].UsuarioID != "u2" {
		t.Errorf("%d calls, entries %+v", r.calls, r.got)
	}

	// A nil recorder records nothing; a failing one is logged at error level.
	Write(context.Background(), nil, zerolog.Nop(), Actor{}, Entry{Accion: Crear})
	var logged bytes.Buffer
	Write(context.Background(), &recorder{fail: true}, zerolog.New(&logged), Actor{ID: "u9"}, Entry{Coleccion: Usuarios, RegistroID: "x", Accion: Eliminar})
	if s := logged.String(); !strings.Contains(s, `"level":"error"`) || !strings.Contains(s, "sin conexión") || !strings.Contains(s, `"registroId":"x"`) {
		t.Errorf("log: %s", s)
	}
}

func TestTheActorTravelsInTheContext(t *testing.T) {
	t.Parallel()
	if got := ActorFrom(context.Background()); got != (Actor{}) {
		t.Errorf("empty context: %+v", got)
	}
	ctx := WithActor(context.Background(), Actor{ID: "u1", Name: "Ana"})
	if got := ActorFrom(ctx); got != (Actor{ID: "u1", Name: "Ana"}) {
		t.Errorf("%+v", got)
	}
}
