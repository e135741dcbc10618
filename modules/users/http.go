package users

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx"
)

// Request bodies take plain strings: an object such as {"$ne": ""} in any field fails to decode
// and is refused with 400 before it can reach a query.

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

func actor(c *echo.Context) *Actor {
	claims, ok := auth.User(c)
	if !ok {
		return nil
	}
	return &Actor{ID: claims.Subject, Role: claims.Role, Name: claims.Name}
}

type data struct {
	Data any `json:"data"`
}

type message struct {
	Message string `json:"message"`
}

type createRequest struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Password string `json:"password"`
	Phone    string `json:"phone"`
	Address  string `json:"address"`
	Rol      string `json:"rol"`
}

// create answers POST usuarios: self-registration as Cliente, or any role for an Administrador.
func (m *Module) create(c *echo.Context) error {
	var req createRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	u, err := m.service.Register(c.Request().Context(), actor(c), AccountInput(req))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, data{u})
}

func (m *Module) list(c *echo.Context) error {
	us, err := m.service.List(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, data{us})
}

func (m *Module) get(c *echo.Context) error {
	u, err := m.service.Get(c.Request().Context(), actor(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, data{u})
}

type updateRequest struct {
	Name     *string `json:"name"`
	Email    *string `json:"email"`
	Phone    *string `json:"phone"`
	Address  *string `json:"address"`
	Password *string `json:"password"`
	Rol      *string `json:"rol"`
	Status   *bool   `json:"status"`
}

func (m *Module) update(c *echo.Context) error {
	var req updateRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	u, err := m.service.Update(c.Request().Context(), actor(c), c.Param("id"), Patch(req))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, data{u})
}

func (m *Module) delete(c *echo.Context) error {
	id := c.Param("id")
	if err := m.service.Delete(c.Request().Context(), actor(c), id); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, data{map[string]string{"_id": id}})
}

type profileRequest struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Address string `json:"address"`
}

func (m *Module) updateProfile(c *echo.Context) error {
	var req profileRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	u, err := m.service.UpdateProfile(c.Request().Context(), actor(c), ProfileInput(req))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, data{u})
}

type orderMailsRequest struct {
	SinCorreosPedidos *bool `json:"sinCorreosPedidos"`
}

// updateOrderMails answers PATCH usuarios/perfil/correos: the signed-in user's order e-mails off
// or on.
func (m *Module) updateOrderMails(c *echo.Context) error {
	var req orderMailsRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	if req.SinCorreosPedidos == nil {
		return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"sinCorreosPedidos": "Indica si quieres recibir los correos de tus pedidos."})
	}
	u, err := m.service.SetOrderMails(c.Request().Context(), actor(c), *req.SinCorreosPedidos)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, data{u})
}

type ownPasswordRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (m *Module) updateOwnPassword(c *echo.Context) error {
	var req ownPasswordRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	token, err := m.service.ChangeOwnPassword(c.Request().Context(), actor(c), req.Email, req.Password)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, data{map[string]string{"token": token, "message": "Contraseña actualizada."}})
}

type recoveryRequest struct {
	Email string `json:"email"`
}

const recoverySent = "Si el correo está registrado, te enviamos un código para restablecer tu contraseña. Revisa tu bandeja de entrada."

func (m *Module) passwordRecovery(c *echo.Context) error {
	var req recoveryRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	if err := m.service.RequestRecovery(c.Request().Context(), req.Email); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, message{recoverySent})
}

// passwordChangeRequest: password carries the 6-digit code, newPassword the new one.
type passwordChangeRequest struct {
	Email       string `json:"email"`
	Password    string `json:"password"`
	NewPassword string `json:"newPassword"`
}

func (m *Module) passwordChange(c *echo.Context) error {
	var req passwordChangeRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	if err := m.service.ResetPassword(c.Request().Context(), req.Email, req.Password, req.NewPassword); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, message{"Contraseña actualizada. Ya puedes iniciar sesión."})
}
