package main

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"tienda/pkg/httpx"
)

// TestRespaldosScreenAPI: the Administrador lists the backups and takes one while the shop
// answers; a second one asked while the first is under way is refused with 409. On MongoDB the
// screen says how backups are taken there, and the button answers 503.
func TestRespaldosScreenAPI(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	admin := "Bearer " + s.token("admin@tienda.mx")

	var list struct {
		Disponible bool
		Mensaje    string
		CadaHoras  float64
		Conservar  int
		Respaldos  []struct {
			Nombre string
			Fecha  time.Time
			Bytes  int64
		}
	}
	rec := do(t, s.h, http.MethodGet, "/v1/respaldos", "", "Authorization", admin)
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &list) != nil {
		t.Fatalf("GET: %d %s", rec.Code, rec.Body)
	}
	if !s.app.store.Embedded() {
		if list.Disponible || list.Mensaje == "" || list.Respaldos == nil || len(list.Respaldos) != 0 {
			t.Fatalf("on MongoDB: %s", rec.Body)
		}
		if rec := do(t, s.h, http.MethodPost, "/v1/respaldos", "", "Authorization", admin); rec.Code != 503 {
			t.Fatalf("POST on MongoDB: %d %s", rec.Code, rec.Body)
		}
		return
	}
	if !list.Disponible || list.CadaHoras != 24 || list.Conservar != 14 || list.Respaldos == nil || len(list.Respaldos) != 0 {
		t.Fatalf("a new shop's backups: %s", rec.Body)
	}

	// Three presses at once: one backup, the others refused while it runs.
	codes := make([]int, 3)
	bodies := make([]string, 3)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Go(func() {
			rec := do(t, s.h, http.MethodPost, "/v1/respaldos", "", "Authorization", admin)
			codes[i], bodies[i] = rec.Code, rec.Body.String()
		})
	}
	wg.Wait()
	var created, refused int
	var item struct {
		Nombre string
		Fecha  time.Time
		Bytes  int64
	}
	for i, c := range codes {
		switch c {
		case http.StatusCreated:
			created++
			if err := json.Unmarshal([]byte(bodies[i]), &item); err != nil || item.Nombre == "" || item.Bytes <= 0 || time.Since(item.Fecha) > time.Minute {
				t.Fatalf("201: %s", bodies[i])
			}
		case http.StatusConflict:
			refused++
			var e httpx.ErrorBody
			if json.Unmarshal([]byte(bodies[i]), &e) != nil || e.Error.Message != "Ya se está haciendo un respaldo." {
				t.Fatalf("409: %s", bodies[i])
			}
		default:
			t.Fatalf("POST: %d %s", c, bodies[i])
		}
	}
	if created < 1 || refused < 1 {
		t.Fatalf("three presses at once: %d taken, %d refused (%v)", created, refused, codes)
	}

	rec = do(t, s.h, http.MethodGet, "/v1/respaldos", "", "Authorization", admin)
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &list) != nil || len(list.Respaldos) != created {
		t.Fatalf("GET after: %d %s", rec.Code, rec.Body)
	}
	if list.Respaldos[len(list.Respaldos)-1].Nombre != item.Nombre && list.Respaldos[0].Nombre != item.Nombre {
		t.Fatalf("the new backup is not listed: %s", rec.Body)
	}
	if rec := do(t, s.h, http.MethodPost, "/v1/respaldos", `{"a":1}`, "Authorization", admin); rec.Code != 400 {
		t.Fatalf("POST with a body: %d %s", rec.Code, rec.Body)
	}
	if rec := do(t, s.h, http.MethodGet, "/v1/respaldos", "", "Authorization", "Bearer "+s.token("auxiliar@tienda.mx")); rec.Code != 403 {
		t.Fatalf("an Auxiliar: %d %s", rec.Code, rec.Body)
	}
}
