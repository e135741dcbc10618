package catalog

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
)

// The staff's product list sorts by name, stock or last change, pages with a total, and filters
// by category; the storefront keeps its own order.
func TestAdminProductListSorts(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	if err := env.m.SeedDemo(context.Background()); err != nil {
		t.Fatal(err)
	}
	all := httpxtest.Decode[listBody](t, env.do(auth.Auxiliar, http.MethodGet, "/v1/admin/productos?limit=100", nil)).Products
	for orden, less := range map[string]func(a, b Product) int{
		"nombre":     func(a, b Product) int { return strings.Compare(fold(a.Nombre), fold(b.Nombre)) },
		"stock":      func(a, b Product) int { return cmp.Compare(a.Stock, b.Stock) },
		"-stock":     func(a, b Product) int { return cmp.Compare(b.Stock, a.Stock) },
		"-updatedAt": func(a, b Product) int { return b.UpdatedAt.Compare(a.UpdatedAt) },
	} {
		want := slices.Clone(all)
		slices.SortStableFunc(want, less)
		for _, page := range []string{"1", "3"} {
			rec := env.do(auth.Administrador, http.MethodGet, "/v1/admin/productos?limit=10&orden="+orden+"&page="+page, nil)
			got := httpxtest.Decode[listBody](t, rec)
			from := map[string]int{"1": 0, "3": 20}[page]
			if rec.Code != 200 || got.Meta.Total == nil || *got.Meta.Total != len(all) || len(got.Products) != 10 || !got.Meta.HasMore {
				t.Fatalf("%s page %s: %d %+v", orden, page, rec.Code, got.Meta)
			}
			for i, p := range got.Products {
				if p.ID != want[from+i].ID {
					t.Errorf("%s page %s, %d: %s, want %s", orden, page, i, p.Nombre, want[from+i].Nombre)
				}
			}
		}
	}
	cables := httpxtest.Decode[listBody](t, env.do(auth.Auxiliar, http.MethodGet, "/v1/admin/productos?categoria=Cables&orden=-stock&limit=100", nil))
	if cables.Meta.Total == nil || *cables.Meta.Total == 0 || *cables.Meta.Total != len(cables.Products) || *cables.Meta.Total == len(all) {
		t.Fatalf("a category: %+v", cables.Meta)
	}
	for i, p := range cables.Products {
		if i > 0 && p.Stock > cables.Products[i-1].Stock {
			t.Errorf("%d: %s %s %d", i, p.Nombre, p.Categoria, p.Stock)
		}
	}
	rec := env.do(auth.Auxiliar, http.MethodGet, "/v1/admin/productos?orden=precio", nil)
	if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || !strings.HasPrefix(e.Fields["orden"], "Debe ser") {
		t.Errorf("a bad sort: %d %s", rec.Code, rec.Body)
	}
	if rec := env.do("", http.MethodGet, "/v1/productos?orden=precio", nil); rec.Code != 200 {
		t.Errorf("the storefront: %d", rec.Code)
	}
}
