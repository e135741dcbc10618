package users

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"tienda/pkg/httpx"
)

type loginRequest struct {
	Email    string `json:"email" validate:"required,email,max=254"`
	Password string `json:"password" validate:"required,max=128"`
}

func (m *Module) login(c *echo.Context) error {
	var req loginRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	res, err := m.service.Login(c.Request().Context(), req.Email, req.Password)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]LoginResult{"data": res})
}
