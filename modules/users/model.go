package users

import (
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/auth"
)

// User is a document of the usuarios collection. The password hash never leaves the server.
type User struct {
	ID        bson.ObjectID `bson:"_id" json:"_id"`
	Name      string        `bson:"name" json:"name"`
	Email     string        `bson:"email" json:"email"` // stored lower-case; unique
	Password  string        `bson:"password" json:"-"`  // bcrypt hash
	Phone     string        `bson:"phone" json:"phone"`
	Address   string        `bson:"address" json:"address"`
	Rol       auth.Role     `bson:"rol" json:"rol"`
	Status    bool          `bson:"status" json:"status"` // false: the account is disabled
	Admin     bool          `bson:"admin" json:"admin"`   // true for Administrador
	LastLogin *time.Time    `bson:"lastLogin,omitempty" json:"lastLogin,omitempty"`
	CreatedAt time.Time     `bson:"createdAt" json:"createdAt"`
	// SinCorreosPedidos is true when the customer turned off the e-mails about their orders
	// (received, shipped, delivered, refunded); missing means they get them.
	SinCorreosPedidos bool `bson:"sinCorreosPedidos,omitempty" json:"sinCorreosPedidos"`
	// SessionsAfter ends every session issued before it (set when the password changes).
	SessionsAfter *time.Time `bson:"sessionsAfter,omitempty" json:"-"`
	// Guardia is the number of the last change of role, status or deletion recorded for it in the
	// guard of the active Administradores (admin_guard.go); it fences a change's late write.
	Guardia *int64 `bson:"guardia,omitempty" json:"-"`
}

// recovery is a document of the password_recovery collection: one live code per e-mail, whose
// _id is the lower-case e-mail.
type recovery struct {
	Email     string    `bson:"_id"`
	CodeHash  string    `bson:"codeHash"` // bcrypt of the 6-digit code
	Tries     int       `bson:"tries"`    // guesses made, counted before each check
	ExpiresAt time.Time `bson:"expiresAt"`
	CreatedAt time.Time `bson:"createdAt"`
}

// DataUser is the profile returned with the token on login.
type DataUser struct {
	ID    string    `json:"id"`
	Name  string    `json:"name"`
	Email string    `json:"email"`
	Admin bool      `json:"admin"`
	Rol   auth.Role `json:"rol"`
}

// LoginResult is the `data` of the login answer.
type LoginResult struct {
	Token    string   `json:"token"`
	Email    string   `json:"email"`
	DataUser DataUser `json:"dataUser"`
}
