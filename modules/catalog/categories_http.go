package catalog

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v5"

	"tienda/pkg/auth"
	"tienda/pkg/httpx"
)

// categoryRoutes registers the category routes: the storefront's public read, the staff's read
// (every staff role) and the writes, for the Administrador only.
func (m *Module) categoryRoutes(g *echo.Group) {
	staff, admin := auth.Require(auth.ManageOrders), auth.Require(auth.ManageUsers)
	g.GET("/categorias", m.publicCategories)
	g.GET("/admin/categorias", m.staffCategories, staff)
	g.POST("/admin/categorias", m.createCategory, admin)
	g.PUT("/admin/categorias/orden", m.orderCategories, admin)
	g.PATCH("/admin/categorias/:id", m.updateCategory, admin)
	g.DELETE("/admin/categorias/:id", m.deleteCategory, admin)
}

// upgradeCategories writes the categories of the releases that had them in code into a store
// without them (categories_store.go); repeating it is harmless.
func (m *Module) upgradeCategories(ctx context.Context) error {
	n, err := m.service.store.seedCategoriesOnce(ctx)
	if n > 0 {
		m.service.log.Info().Int("categories", n).Msg("categories written into the categorias collection")
	}
	if err != nil {
		return err
	}
	return m.service.store.fillCategoryKeys(ctx)
}

type categoriesAnswer[T any] struct {
	Categorias []T `json:"categorias"`
}

// publicCategories answers GET categorias, the tree the storefront draws, with an ETag: a
// browser or a proxy keeps it and asks each time with If-None-Match, answered 304 while it is
// unchanged (so an edit shows at once, also to the Administrador who made it).
func (m *Module) publicCategories(c *echo.Context) error {
	body, err := json.Marshal(categoriesAnswer[Category]{Categorias: nonNilCategories(m.service.Categories())})
	if err != nil {
		return err
	}
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:8]) + `"`
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, "public, no-cache")
	h.Set("ETag", etag)
	if bytes.Contains([]byte(c.Request().Header.Get("If-None-Match")), []byte(etag)) {
		return c.NoContent(http.StatusNotModified)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, body)
}

func nonNilCategories(cs []Category) []Category {
	if cs == nil {
		return []Category{}
	}
	return cs
}

// staffCategories answers GET admin/categorias: the tree with the products in each category.
func (m *Module) staffCategories(c *echo.Context) error {
	out := m.service.CategoriesInUse()
	if out == nil {
		out = []CategoryUse{}
	}
	return c.JSON(http.StatusOK, categoriesAnswer[CategoryUse]{Categorias: out})
}

type categoryAnswer struct {
	Categoria Category `json:"categoria"`
}

func (m *Module) createCategory(c *echo.Context) error {
	var in CategoryInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	cat, err := m.service.CreateCategory(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, categoryAnswer{cat})
}

func (m *Module) updateCategory(c *echo.Context) error {
	var in CategoryInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	cat, err := m.service.UpdateCategory(c.Request().Context(), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, categoryAnswer{cat})
}

// orderBody is PUT admin/categorias/orden: the ids of one level's categories in their new order.
type orderBody struct {
	IDs []string `json:"ids" validate:"max=500,dive,max=100"`
}

func (m *Module) orderCategories(c *echo.Context) error {
	var body orderBody
	if err := httpx.BindJSON(c, &body); err != nil {
		return err
	}
	if err := m.service.OrderCategories(c.Request().Context(), body.IDs); err != nil {
		return err
	}
	return m.staffCategories(c)
}

func (m *Module) deleteCategory(c *echo.Context) error {
	if err := m.service.DeleteCategory(c.Request().Context(), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
