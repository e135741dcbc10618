// Package auth issues and checks the session token and enforces the role table on
// every route, through one middleware that every module reuses.
package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
)

// Role is a user's role.
type Role string

// The roles, as stored in usuarios.rol.
const (
	Administrador Role = "Administrador"
	Auxiliar      Role = "Auxiliar"
	Cajero        Role = "Cajero"
	Comandero     Role = "Comandero"
	Cliente       Role = "Cliente"
)

// Roles lists every role, most powerful first.
var Roles = []Role{Administrador, Auxiliar, Cajero, Comandero, Cliente}

// Valid reports whether r is one of the roles.
func (r Role) Valid() bool {
	for _, x := range Roles {
		if r == x {
			return true
		}
	}
	return false
}

// Permission is one row of the role table.
type Permission int

// The rows of the role table.
const (
	// Shop: browse, own profile, own orders and history, place an order.
	Shop Permission = iota
	// ManageOrders: see all orders, toggle items delivered, counter orders for a named customer.
	ManageOrders
	// CashDesk: set payment status and method of an order, returns and refunds, cash-cut views,
	// 'Hacer corte'.
	CashDesk
	// ManageCatalog: products, discounts, shipments, sales report.
	ManageCatalog
	// ManageUsers: users and roles.
	ManageUsers
)

var table = map[Permission][]Role{
	Shop:          Roles,
	ManageOrders:  {Administrador, Auxiliar, Cajero, Comandero},
	CashDesk:      {Administrador, Cajero},
	ManageCatalog: {Administrador, Auxiliar},
	ManageUsers:   {Administrador},
}

// Can reports whether the role has the permission.
func (r Role) Can(p Permission) bool {
	for _, x := range table[p] {
		if r == x {
			return true
		}
	}
	return false
}

// Claims is what the token says about its user.
type Claims struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Role  Role   `json:"rol"`
	jwt.RegisteredClaims
}

// UserID returns the user's id (the token's subject).
func (c *Claims) UserID() string { return c.Subject }

// Tokens issues and parses HS256 tokens signed with the application's secret.
type Tokens struct {
	secret []byte
	ttl    time.Duration
	now    func() time.Time
}

// SessionCheck tells whether the user of a well-signed, unexpired token may still use it: the
// account exists, is active, still has the token's role and has not ended its sessions since the
// token was issued. ok=false makes the request anonymous with a rejected token (Require answers
// 401); an error stops the request with that error.
type SessionCheck func(ctx context.Context, c *Claims) (ok bool, err error)

// NewTokens returns a token issuer; ttl is how long a session lasts.
func NewTokens(secret string, ttl time.Duration) *Tokens {
	return NewTokensAt(secret, ttl, time.Now)
}

// NewTokensAt is NewTokens whose tokens are issued and judged on the clock now (a test's).
func NewTokensAt(secret string, ttl time.Duration, now func() time.Time) *Tokens {
	return &Tokens{secret: []byte(secret), ttl: ttl, now: now}
}

// Issue signs a token for a user.
func (t *Tokens) Issue(userID, name, email string, role Role) (string, error) {
	now := t.now()
	claims := Claims{Name: name, Email: email, Role: role, RegisteredClaims: jwt.RegisteredClaims{
		Subject:   userID,
		IssuedAt:  jwt.NewNumericDate(now),
		ExpiresAt: jwt.NewNumericDate(now.Add(t.ttl)),
	}}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.secret)
	if err != nil {
		return "", fmt.Errorf("auth: sign: %w", err)
	}
	return s, nil
}

// Parse checks a token's signature, algorithm and expiry and returns its claims.
func (t *Tokens) Parse(raw string) (*Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(raw, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithTimeFunc(t.now),
		jwt.WithExpirationRequired())
	if err != nil {
		return nil, fmt.Errorf("auth: parse: %w", err)
	}
	if c.Subject == "" || !c.Role.Valid() {
		return nil, errors.New("auth: token without subject or role")
	}
	return &c, nil
}

const (
	claimsKey     = "auth.claims"
	badTokenKey   = "auth.bad_token" //nolint:gosec // a context key, not a credential
	expiredMsg    = "Tu sesión expiró o no es válida. Inicia sesión de nuevo."
	signInMessage = "Inicia sesión para continuar."
)

// Middleware reads the token from the Authorization header, raw or as "Bearer <token>", and puts
// its claims on the request. A missing or bad token leaves the request anonymous; Require decides.
// check runs on every well-signed, unexpired token (the shop's is the users module's); nil trusts
// such a token until it expires, which only a test of one module may want.
func (t *Tokens) Middleware(check SessionCheck) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			raw := strings.TrimSpace(c.Request().Header.Get(echo.HeaderAuthorization))
			if len(raw) > 7 && strings.EqualFold(raw[:7], "bearer ") {
				raw = strings.TrimSpace(raw[7:])
			}
			if raw != "" && raw != "null" && raw != "undefined" {
				claims, err := t.Parse(raw)
				ok := err == nil
				if ok && check != nil {
					if ok, err = check(c.Request().Context(), claims); err != nil {
						return err
					}
				}
				if ok {
					c.Set(claimsKey, claims)
				} else {
					c.Set(badTokenKey, true)
				}
			}
			return next(c)
		}
	}
}

// Require lets a request through only when its user's role has the permission: 401 with no valid
// session, 403 when the role lacks it.
func Require(p Permission) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			claims, ok := User(c)
			if !ok {
				if bad, _ := c.Get(badTokenKey).(bool); bad {
					return apperr.New(apperr.Unauthorized, expiredMsg)
				}
				return apperr.New(apperr.Unauthorized, signInMessage)
			}
			if !claims.Role.Can(p) {
				return apperr.New(apperr.Forbidden, "No tienes permiso para realizar esta acción.")
			}
			return next(c)
		}
	}
}

// User returns the signed-in user's claims, if any.
func User(c *echo.Context) (*Claims, bool) {
	claims, ok := c.Get(claimsKey).(*Claims)
	return claims, ok
}

// UserID returns the signed-in user's id, or "".
func UserID(c *echo.Context) string {
	if claims, ok := User(c); ok {
		return claims.Subject
	}
	return ""
}
