package main

import (
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/httpx"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

// hostileBodies is a corpus of bad request bodies: malformed JSON, wrong types, operator objects
// in every usual field, negative and fractional quantities, unicode oddities, deep nesting, huge
// strings and arrays. The first is the empty body and the second an operator in every field:
// hostileRequests sends those two with the hostile queries.
func hostileBodies() []string {
	op := `{"$gt":""}`
	fields := []string{"email", "password", "name", "nombre", "titulo", "phone", "rol", "status", "cliente", "q",
		"categoria", "pago", "entrega", "metodoPago", "observaciones", "idOrden", "startDate", "endDate", "imagen", "logs",
		"carrito", "items", "variantes", "extras", "envio", "percentage", "expirationDate", "code", "token",
		"productoId", "varianteId", "tipo", "cantidad", "motivo",
		// invoicing (issue #17)
		"rfc", "razonSocial", "regimenFiscal", "codigoPostal", "usoCfdi", "perfilId", "predeterminado", "folio", "total",
		"ventas", "periodicidad", "fecha",
		// returns, the report, the cash drawer and count (issue #23)
		"lineas", "metodo", "indice", "criterio", "_id", "monto", "conteos", "efectivoContado",
		// shipping charged and counter orders for a customer (issue #23, item 8)
		"clienteId", "costoEnvio", "cobrarEnvio",
		// order e-mails on or off (issue #26)
		"sinCorreosPedidos",
		// the whole product in the form (issue #28)
		"marca_logo", "largo", "ancho", "alto", "details", "archivados",
		// the distributor's catalogue (issue #28)
		"clientId", "clientSecret", "general", "minimo", "porCategoria", "porMarca", "terminacion", "categorias", "marcas", "productos",
		// categories are data (issue #28, item 2)
		"padre", "icono", "color", "tarjeta", "menu", "ids"}
	withOps := map[string]json.RawMessage{}
	for _, f := range fields {
		withOps[f] = json.RawMessage(op)
	}
	opsBody, _ := json.Marshal(withOps)
	return []string{
		``, string(opsBody),
		`{`, `}`, `[]`, `"texto"`, `123`, `null`, `true`, `{"a":}`, `{"a":1}{"b":2}`,
		`{"email":{"$ne":""},"password":{"$ne":""}}`,
		`{"cliente":"Juan","carrito":[{"id":"x","producto_id":"y","cantidad":-5}]}`,
		`{"cliente":"Juan","carrito":[{"id":"x","producto_id":"y","cantidad":1.5}]}`,
		`{"cliente":"Juan","carrito":"no-es-lista","items":{"a":1}}`,
		`{"nombre":"\u0000\ud800\uffff","descripcion":"` + "\u202e\u200b" + `","email":"a@b.mx\u0000"}`,
		`{"variantes":[{"stock":-1,"precioVenta":-10,"descuento":150}],"percentage":-20,"expirationDate":"ayer"}`,
		`{"nombre":"x","categoria":"Otros","largo":-1,"details":{"caracteristicas":[" ",{"$gt":""}],"recursos":[{"nombre":"x","link":"javascript:alert(1)"}],"imagenes":["data:image/png;base64,AAAA","/v1/imagenes/../../x"]}}`,
		`{"nombre":"x","categoria":"Otros","variantes":[{"talla":"Unico","tamano":"1","stock":1,"precioVenta":1},{"talla":" unico ","tamano":"1 ","stock":1,"precioVenta":1}]}`,
		`{"logs":[{"title":` + strings.Repeat(`"x",`, 1) + `"error":{"$where":"1"}}]}`,
		strings.Repeat("[", 5000) + strings.Repeat("]", 5000),
		`{"nombre":"` + strings.Repeat("a", 300_000) + `"}`,
		`{"carrito":[` + strings.TrimSuffix(strings.Repeat(`{"id":"a","producto_id":"b","cantidad":1},`, 20_000), ",") + `]}`,
		`{"pago":5,"entrega":["Entregado"],"envio":"x","efectivoContado":"mucho","observaciones":7}`,
		`{"tipo":"fondo","monto":-500}`, `{"tipo":"retiro","monto":1e400,"motivo":"x"}`, `{"tipo":"deposito","monto":10.001,"motivo":"x"}`,
		`{"conteos":[{"usuarioId":"x","denominaciones":[{"tipo":"billete","valor":1000,"cantidad":-3}]}]}`,
		`{"conteos":[{"usuarioId":{"$ne":""},"denominaciones":[{"tipo":"moneda","valor":0.3,"cantidad":1e30}]}]}`,
		`{"productoId":"6955b90064656d6f00000000","tipo":"merma","cantidad":1e9,"motivo":"x"}`,
		`{"productoId":"6955b90064656d6f00000000","tipo":"conteo","cantidad":-1,"motivo":"x"}`,
		`{"productoId":"6955b90064656d6f00000000","tipo":"entrada","cantidad":2,"motivo":"  "}`,
		`{"productoId":"6955b90064656d6f00000000","tipo":"venta","cantidad":2,"motivo":"x"}`,
		`{"lineas":[{"idOrden":"x","indice":-1,"cantidad":-2}],"metodo":"Vales","motivo":""}`,
		`{"lineas":[{"idOrden":{"$ne":1},"indice":1e9,"cantidad":1.5}],"metodo":"Efectivo","motivo":"x"}`,
		`{"lineas":"todas","metodo":"Efectivo","motivo":"x","criterio":"siempre"}`,
		`{"cliente":"Juan","clienteId":{"$ne":""},"carrito":[{"id":"x","producto_id":"y","cantidad":1}]}`,
		`{"cliente":"Juan","clienteId":"` + strings.Repeat("f", 500) + `","carrito":[{"id":"x","producto_id":"y","cantidad":1}]}`,
		`{"envio":{"empresa":"DHL","costoEnvio":-5,"cobrarEnvio":"si"}}`,
		`{"envio":{"empresa":"DHL","costoEnvio":1e400,"cobrarEnvio":true}}`,
		`{"envio":{"empresa":"DHL","costoEnvio":150.5,"cobrarEnvio":{"$ne":false}}}`,
		`{"sinCorreosPedidos":"no"}`, `{"sinCorreosPedidos":null}`, `{"sinCorreosPedidos":[true]}`,
		// 'Catálogo del proveedor' (issue #28)
		`{"clientId":"x","clientSecret":""}`, `{"clientId":"a\u0000b","clientSecret":"c\r\nd"}`,
		`{"general":-5,"minimo":1e400}`, `{"general":30,"minimo":10,"terminacion":-1}`, `{"general":30}`,
		`{"categorias":["../../x"],"marcas":[""],"productos":[{"$ne":1}]}`, `{"categorias":[]}`,
		// categories (issue #28, item 2)
		`{"nombre":"Nueva","icono":"<script>","color":"red"}`, `{"nombre":"Nueva","padre":"../22","color":"#12345g"}`,
		`{"nombre":"Nueva\u202e","icono":"camara","color":"#123456","menu":"` + strings.Repeat("m", 200) + `"}`,
		`{"ids":["22","22"]}`, `{"ids":["22","camaras-y-dvrs-hd"]}`, `{"ids":[]}`, `{"tarjeta":"si"}`,
	}
}

// dump reads every collection of the store, for comparing before and after.
func dump(t *testing.T, a *App) map[string][]string {
	t.Helper()
	ctx := context.Background()
	names, err := a.store.R.ListCollectionNames(ctx, bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, n := range names {
		cur, err := a.store.R.Collection(n).Find(ctx, bson.M{})
		if err != nil {
			t.Fatal(err)
		}
		for cur.Next(ctx) {
			b, err := bson.MarshalExtJSON(cur.Current, true, false)
			if err != nil {
				t.Fatal(err)
			}
			out[n] = append(out[n], string(b))
		}
		if err := cur.Err(); err != nil {
			t.Fatal(err)
		}
		sort.Strings(out[n])
	}
	return out
}

// settledDump is dump once the store has stopped changing: the writes an order leaves to the
// background (its stock take, its stock movement) done, so a later dump differs only by what came
// after.
func settledDump(t *testing.T, a *App) map[string][]string {
	t.Helper()
	last := dump(t, a)
	for range 50 {
		time.Sleep(100 * time.Millisecond)
		now := dump(t, a)
		if reflect.DeepEqual(now, last) {
			return now
		}
		last = now
	}
	t.Fatal("the store kept changing for 5 s")
	return nil
}

// TestHostileInputOnEveryRoute walks every /v1 route the router knows and sends it the corpus as
// an Administrador (the widest rights) and as a visitor: no answer is a 5xx, every error has the
// JSON shape with a Spanish message, and the store is unchanged afterwards. Each path (a route
// with each hostile id in its parameters) gets every hostile query; a route that takes a body gets
// every hostile body, and the hostile queries with an empty body and with the operators' body.
// (Every body with every query was 70,000 requests, a third of them repeats of a path without
// parameters, and took five minutes under the race detector.)
func TestHostileInputOnEveryRoute(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	admin := s.token("admin@tienda.mx")
	before := dump(t, s.app)
	param := regexp.MustCompile(`:[A-Za-z_]+`)
	spanish := regexp.MustCompile(`[a-záéíóúñ]{3,}`)
	queries := []string{"", "?page=-1&limit=abc&q=%7B%22%24gt%22%3A%22%22%7D&titulo=%24where&categoria=%7B%7D&startDate=zzz&endDate=2026-99-99",
		"?q=" + strings.Repeat("x", 5000),
		// the staff lists' filters and sorts (issue #15)
		"?pago=%7B%7D&entrega=x&metodo=%24ne&envio=1&desde=2026-99-99&hasta=x&orden=%24natural&rol=x&status=x&limit=0" +
			// and invoicing's (issue #17)
			"&tipo=%7B%7D&estado=%24ne&periodicidad=x&fecha=zzz&clave=%24gt"}
	// Each request comes from its own address: the per-client limits of the public pages would
	// otherwise answer in the handlers' place after their first few requests.
	bodies := hostileBodies()
	var clients int
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		clients++
		r.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:40000", clients>>16&255, clients>>8&255, clients&255)
		s.h.ServeHTTP(w, r)
	})
	for _, r := range s.app.echo.Router().Routes() {
		if !strings.HasPrefix(r.Path, "/v1/") || r.Path == "/v1/*" || strings.HasPrefix(r.Path, "/v1/test/") || r.Method == "echo_route_not_found" {
			continue
		}
		paths := map[string]bool{}
		for _, id := range []string{"6955b90064656d6f0000ffff", "no-es-id", "%24gt"} {
			paths[param.ReplaceAllString(r.Path, id)] = true
		}
		for path := range paths {
			for _, req := range hostileRequests(r.Method, queries, bodies) {
				q, body := req[0], req[1]
				for _, tok := range []string{"Bearer " + admin, ""} {
					rec := do(t, h, r.Method, path+q, body, "Authorization", tok)
					where := fmt.Sprintf("%s %s%s with %.60q", r.Method, path, q, body)
					// No limit answers in a handler's place either, but the error log's: it counts
					// per account, and the walk sends it hundreds of batches as one.
					limited := rec.Code == http.StatusTooManyRequests && r.Path != "/v1/logs"
					if rec.Code >= 500 || limited {
						t.Errorf("%s: %d %s", where, rec.Code, rec.Body)
						continue
					}
					if rec.Code >= 400 {
						var e httpx.ErrorBody
						if json.Unmarshal(rec.Body.Bytes(), &e) != nil || e.Error.Code == "" || !spanish.MatchString(e.Error.Message) {
							t.Errorf("%s: error without the JSON shape: %d %.200s", where, rec.Code, rec.Body)
						}
					}
				}
			}
		}
	}
	after := dump(t, s.app)
	for name, docs := range after {
		if strings.HasSuffix(name, "_meta") {
			// Version counters, and the cash cuts' counter: a 'Hacer corte' with nothing to close
			// still ends a (sale-less) period.
			continue
		}
		if strings.Join(docs, "\n") != strings.Join(before[name], "\n") {
			t.Errorf("collection %s changed: %d documents before, %d after", name, len(before[name]), len(docs))
			for i := range docs {
				if i < len(before[name]) && docs[i] != before[name][i] {
					t.Logf("before: %.600s\nafter:  %.600s", before[name][i], docs[i])
					break
				}
			}
		}
	}
}

// hostileRequests are the query and body pairs TestHostileInputOnEveryRoute sends a path with
// method: every query without a body to a GET; to any other method every body without a query,
// and every query with the empty body and with the operators' body (hostileBodies' first two).
func hostileRequests(method string, queries, bodies []string) [][2]string {
	var out [][2]string
	for _, q := range queries {
		out = append(out, [2]string{q, bodies[0]})
		if method != http.MethodGet && q != "" {
			out = append(out, [2]string{q, bodies[1]})
		}
	}
	if method == http.MethodGet {
		return out
	}
	for _, body := range bodies[1:] { // bodies[0] is the empty one, sent above
		out = append(out, [2]string{"", body})
	}
	return out
}

// importJobCounts is what an import job wrote.
type importJobCounts struct {
	Estado                         string
	Creados, Actualizados, Ajustes int
}

// TestHostileImportFiles sends hostile files to 'Importar productos' (issue #28): no 5xx, errors
// in the JSON shape in Spanish, operator and formula texts refused or taken as text, and neither
// the preview nor an import of nothing but bad rows writes anything.
func TestHostileImportFiles(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	admin := s.token("admin@tienda.mx")
	before := dump(t, s.app)
	head := "Producto;Categoría;Modelo;Existencias;Precio de venta (sin IVA)\r\n"
	files := []string{
		"", "\x00\x01\x02binario", "PK\x03\x04no es un zip", "\ufeff", head,
		head + `{"$gt":""};{"$ne":1};$where;-5;10` + "\r\n",
		head + "=HYPERLINK(\"http://x\");Otros;=1+1;1e400;NaN\r\n",
		head + "x;Otros;m;1.5;-10\r\n",
		head + strings.Repeat("a", 300_000) + ";Otros;;1;1\r\n",
		head + "\"sin cerrar;Otros;;1;1\r\n",
		head + strings.Repeat("Nombre;Categoría inventada;;1;1\r\n", 5001),
		"Producto;Producto\r\nx;y\r\n",
	}
	for _, f := range files {
		for _, q := range []string{"?vista=1", "", "?vista=%24gt"} {
			var body strings.Builder
			w := multipart.NewWriter(&body)
			part, _ := w.CreateFormFile("archivo", "productos.csv")
			_, _ = part.Write([]byte(f))
			_ = w.Close()
			rec := do(t, s.h, http.MethodPost, "/v1/productos/importar"+q, body.String(), "Authorization", "Bearer "+admin, "Content-Type", w.FormDataContentType())
			where := fmt.Sprintf("import%s of %.60q", q, f)
			if rec.Code >= 500 {
				t.Errorf("%s: %d %s", where, rec.Code, rec.Body)
			}
			if rec.Code >= 400 {
				if e := httpxtest.DecodeError(t, rec); e.Code == "" || !regexp.MustCompile(`[a-záéíóúñ]{3,}`).MatchString(e.Message) {
					t.Errorf("%s: %d %s", where, rec.Code, rec.Body)
				}
			}
		}
	}
	// An import confirmed is a job (importaciones) the worker runs: each ends having written nothing.
	after := settledDump(t, s.app)
	jobs, err := mongox.FindAll[importJobCounts](context.Background(), s.app.store.R.Collection("importaciones"), bson.M{})
	if err != nil || len(jobs) == 0 {
		t.Fatalf("import jobs: %v %d", err, len(jobs))
	}
	for _, j := range jobs {
		if j.Estado != "terminada" || j.Creados+j.Actualizados+j.Ajustes != 0 {
			t.Errorf("an import of bad rows: %+v", j)
		}
	}
	for name, docs := range after {
		if name == "importaciones" {
			continue
		}
		if !strings.HasSuffix(name, "_meta") && strings.Join(docs, "\n") != strings.Join(before[name], "\n") {
			t.Errorf("collection %s changed: %d documents before, %d after", name, len(before[name]), len(docs))
		}
	}
}
