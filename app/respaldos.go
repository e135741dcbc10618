package main

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/backup"
)

// The 'Respaldos' screen's API, for the Administrador: the embedded store's backups (pkg/backup),
// taken on a schedule (RESPALDO_CADA) and with its button. On MongoDB the shop takes none.

// backupRoutes serves /v1/respaldos; svc is nil when the shop takes no backups (MongoDB).
type backupRoutes struct{ svc *backup.Service }

// backupTimeout bounds a backup asked for from the screen (a big shop's takes a minute).
const backupTimeout = 15 * time.Minute

func (b backupRoutes) Routes(g *echo.Group) {
	g.GET("/respaldos", b.list, auth.Require(auth.ManageUsers))
	g.POST("/respaldos", b.take, auth.Require(auth.ManageUsers))
}

// backupList is GET /respaldos's answer.
type backupList struct {
	Disponible bool          `json:"disponible"`
	Mensaje    string        `json:"mensaje,omitempty"`
	CadaHoras  float64       `json:"cadaHoras,omitempty"` // 0 (left out): no scheduled backups
	Conservar  int           `json:"conservar,omitempty"`
	Respaldos  []backup.Item `json:"respaldos"`
}

// list is GET /respaldos: the backups, newest first.
func (b backupRoutes) list(c *echo.Context) error {
	if b.svc == nil {
		return c.JSON(http.StatusOK, backupList{Mensaje: mongoBackupMessage, Respaldos: []backup.Item{}})
	}
	items, err := b.svc.List()
	if err != nil {
		return apperr.Wrap(err, "app: list backups")
	}
	set := b.svc.Settings()
	return c.JSON(http.StatusOK, backupList{Disponible: true, CadaHoras: set.Every.Hours(), Conservar: set.Keep, Respaldos: items})
}

// take is POST /respaldos: a backup now. It takes no body and no query. It goes on if the caller
// leaves.
func (b backupRoutes) take(c *echo.Context) error {
	if b.svc == nil {
		return apperr.New(apperr.Unavailable, mongoBackupMessage)
	}
	if c.Request().ContentLength != 0 || c.Request().URL.RawQuery != "" {
		return apperr.New(apperr.Invalid, "Esta solicitud no lleva datos: solo pide un respaldo.")
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.Request().Context()), backupTimeout)
	defer cancel()
	it, err := b.svc.Take(ctx)
	if errors.Is(err, backup.ErrRunning) {
		return apperr.New(apperr.Conflict, "Ya se está haciendo un respaldo.")
	}
	if err != nil {
		return apperr.Wrap(err, "app: take a backup")
	}
	return c.JSON(http.StatusCreated, it)
}
