package users

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/search"
)

type listPage struct {
	Usuarios []map[string]any `json:"usuarios"`
	Meta     struct {
		Page, Limit, Total int
		HasMore            bool
	} `json:"meta"`
}

// The accounts list searches, filters, sorts and pages as it says, for the Administrador only,
// and never shows a password hash.
func TestUsersListSearchFiltersSortsAndPages(t *testing.T) {
	t.Parallel()
	v := newEnv(t, nil)
	ctx := context.Background()
	names := []string{"Óscar Núñez", "ana maría López", "Zoe Ruiz", "Álvaro Pérez", "beto Díaz", "Ana Maria Lopez"}
	base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i := range 40 {
		u := User{ID: bson.NewObjectID(), Name: names[i%len(names)], Email: fmt.Sprintf("persona%02d@correo.mx", i), Password: "x",
			Phone: fmt.Sprintf("55 %04d %04d", 3000+i%4, 7000+i), Rol: auth.Roles[i%len(auth.Roles)], Status: i%3 != 0,
			CreatedAt: base.Add(time.Duration(i%9) * time.Hour)}
		if err := v.m.service.store.insert(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := v.m.service.store.db.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	admin := v.login("admin@tienda.mx", "Admin#2026").Data.Token
	var all []User
	if err := v.m.service.store.db.Each(ctx, collection, bson.M{}, nil, func(doc bson.Raw) error {
		var u User
		err := bson.Unmarshal(doc, &u)
		all = append(all, u)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	want := func(query url.Values) ([]string, int) {
		var kept []User
		for _, u := range all {
			text := search.Fold(u.Name) + " " + u.Email + " " + search.Digits(u.Phone)
			if (query.Get("rol") == "" || string(u.Rol) == query.Get("rol")) &&
				(query.Get("status") == "" || u.Status == (query.Get("status") == "activo")) &&
				strings.Contains(text, search.Needle(query.Get("q"))) {
				kept = append(kept, u)
			}
		}
		slices.SortFunc(kept, func(a, b User) int {
			var c int
			switch strings.TrimPrefix(query.Get("orden"), "-") {
			case "", "nombre":
				c = strings.Compare(search.Fold(a.Name), search.Fold(b.Name))
			case "email":
				c = strings.Compare(a.Email, b.Email)
			case "createdAt":
				c = a.CreatedAt.Compare(b.CreatedAt)
			}
			if c == 0 {
				c = bytes.Compare(a.ID[:], b.ID[:])
			}
			if strings.HasPrefix(query.Get("orden"), "-") {
				c = -c
			}
			return c
		})
		page, limit := 1, 25
		fmt.Sscan(query.Get("page"), &page)
		fmt.Sscan(query.Get("limit"), &limit)
		out := []string{}
		for i := (page - 1) * limit; i < len(kept) && i < page*limit; i++ {
			out = append(out, kept[i].Email)
		}
		return out, len(kept)
	}
	for _, qs := range []string{
		"", "q=ANA+MARIA", "q=lopez", "q=NÚÑEZ", "q=55+3001", "q=(55)+3002-70", "q=persona1", "q=nadie",
		"rol=Cajero", "status=inactivo", "status=activo&rol=Cliente&orden=-nombre", "orden=email&page=2&limit=7",
		"orden=-createdAt&limit=10&page=3", "orden=-nombre&q=a&limit=5", "page=9",
	} {
		query, _ := url.ParseQuery(qs)
		a := v.srv.Do(http.MethodGet, "/v1/usuarios/lista?"+qs, admin, "")
		p := httpxtest.Decode[listPage](t, a)
		got := []string{}
		for _, u := range p.Usuarios {
			got = append(got, u["email"].(string))
			if _, leaked := u["password"]; leaked {
				t.Fatalf("a password hash in the list: %v", u)
			}
		}
		w, total := want(query)
		if a.Code != 200 || p.Meta.Total != total || !slices.Equal(got, w) || p.Meta.HasMore != (p.Meta.Page*p.Meta.Limit < total) {
			t.Errorf("%s: %d\n got  %v %+v\n want %v (%d)", qs, a.Code, got, p.Meta, w, total)
		}
	}
	for qs, field := range map[string]string{
		"rol=Jefe": "rol", "status=si": "status", "orden=edad": "orden", "page=0": "page", "limit=101": "limit",
		"limit=x": "limit", "q=" + strings.Repeat("a", 101): "q",
	} {
		a := v.srv.Do(http.MethodGet, "/v1/usuarios/lista?"+qs, admin, "")
		if e := httpxtest.DecodeError(t, a); a.Code != 400 || e.Message != apperr.BadParameters(e.Fields).Message || e.Fields[field] == "" || !strings.HasPrefix(e.Fields[field], "Debe") {
			t.Errorf("%s: %d %s", qs, a.Code, a.Body)
		}
	}
	// rol takes exactly the roles there are (listParams' tag), named when it is none of them.
	roles := make([]string, len(auth.Roles))
	for i, r := range auth.Roles {
		roles[i] = string(r)
		if a := v.srv.Do(http.MethodGet, "/v1/usuarios/lista?rol="+roles[i], admin, ""); a.Code != 200 {
			t.Errorf("rol=%s: %d %s", r, a.Code, a.Body)
		}
	}
	if e := httpxtest.DecodeError(t, v.srv.Do(http.MethodGet, "/v1/usuarios/lista?rol=Jefe", admin, "")); e.Fields["rol"] != apperr.MsgOneOf(roles...) {
		t.Errorf("rol=Jefe: %v", e.Fields)
	}
	for _, acc := range []struct{ email, password string }{{"auxiliar@tienda.mx", "Auxiliar#2026"}, {"cliente@tienda.mx", "Cliente#2026"}} {
		if a := v.srv.Do(http.MethodGet, "/v1/usuarios/lista", v.login(acc.email, acc.password).Data.Token, ""); a.Code != 403 {
			t.Errorf("%s: %d", acc.email, a.Code)
		}
	}
}
