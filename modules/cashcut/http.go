package cashcut

import (
	"net/http"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx"
	"tienda/pkg/money"
)

func (m *Module) byMethod(c *echo.Context) error {
	bm, _, err := m.service.Pending(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, bm)
}

func (m *Module) byUser(c *echo.Context) error {
	_, bu, err := m.service.Pending(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, bu)
}

type cutRequest struct {
	EfectivoContado *float64 `json:"efectivoContado" validate:"omitempty,gte=0,lte=100000000"`
	Observaciones   string   `json:"observaciones" validate:"max=1000"`
}

func (m *Module) makeCut(c *echo.Context) error {
	var req cutRequest
	if c.Request().ContentLength != 0 {
		if err := httpx.BindJSON(c, &req); err != nil {
			return err
		}
	}
	var counted *money.Cents
	if req.EfectivoContado != nil {
		v, err := money.FromPesos(*req.EfectivoContado)
		if err != nil {
			return apperr.InvalidFields("Revisa los datos marcados.", map[string]string{"efectivoContado": "Importe inválido."})
		}
		counted = &v
	}
	u, _ := auth.User(c)
	cut, err := m.service.MakeCut(c.Request().Context(), Actor{ID: u.UserID(), Name: u.Name}, counted, req.Observaciones)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, cut)
}

func (m *Module) get(c *echo.Context) error {
	id, err := bson.ObjectIDFromHex(c.Param("id"))
	if err != nil {
		return apperr.New(apperr.NotFound, "No se encontró el corte.")
	}
	cut, err := m.service.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cut)
}
