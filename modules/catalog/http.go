package catalog

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

type listMeta struct {
	HasMore bool `json:"hasMore"`
	Page    int  `json:"page"`
	Limit   int  `json:"limit"`
}

type listAnswer struct {
	Products []Product `json:"products"`
	Meta     listMeta  `json:"meta"`
}

// list answers GET productos?limit&page&compact&titulo&categoria from memory.
func (m *Module) list(c *echo.Context) error {
	page, err := intParam(c, "page", 1, 1, 100000)
	if err != nil {
		return err
	}
	limit, err := intParam(c, "limit", 24, 1, 100)
	if err != nil {
		return err
	}
	compact := c.QueryParam("compact") != "0"
	titulo := fold(strings.TrimSpace(c.QueryParam("titulo")))
	var inCategory func(Product) bool
	if cat := strings.TrimSpace(c.QueryParam("categoria")); cat != "" {
		inCategory = categoryMatcher(cat)
	}
	products, more := m.memory.page(func(e entry) bool {
		return (titulo == "" || strings.Contains(e.search, titulo)) && (inCategory == nil || inCategory(e.p))
	}, page, limit)
	if compact {
		for i := range products {
			products[i] = products[i].compact()
		}
	}
	return c.JSON(http.StatusOK, listAnswer{Products: products, Meta: listMeta{HasMore: more, Page: page, Limit: limit}})
}

// get answers GET productos/{id}.
func (m *Module) get(c *echo.Context) error {
	id, err := bson.ObjectIDFromHex(c.Param("id"))
	if err != nil {
		return apperr.New(apperr.NotFound, "Producto no encontrado.")
	}
	p, ok := m.memory.get(id)
	if !ok {
		return apperr.New(apperr.NotFound, "Producto no encontrado.")
	}
	return c.JSON(http.StatusOK, p)
}

// search answers GET productos/search/?q= with up to 20 matches; under 3 characters, none.
func (m *Module) search(c *echo.Context) error {
	q := fold(strings.TrimSpace(c.QueryParam("q")))
	if len([]rune(q)) < 3 {
		return c.JSON(http.StatusOK, map[string][]Product{"productos": {}})
	}
	if len(q) > 100 {
		return apperr.InvalidFields("La búsqueda es demasiado larga.", map[string]string{"q": "Debe tener como máximo 100 caracteres."})
	}
	words := strings.Fields(q)
	products, _ := m.memory.page(func(e entry) bool {
		for _, w := range words {
			if !strings.Contains(e.search, w) {
				return false
			}
		}
		return true
	}, 1, 20)
	for i := range products {
		products[i] = products[i].compact()
	}
	return c.JSON(http.StatusOK, map[string][]Product{"productos": products})
}

func intParam(c *echo.Context, name string, def, lo, hi int) (int, error) {
	v := c.QueryParam(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, apperr.InvalidFields("Parámetro inválido.", map[string]string{
			name: "Debe ser un número entero entre " + strconv.Itoa(lo) + " y " + strconv.Itoa(hi) + "."})
	}
	return n, nil
}
