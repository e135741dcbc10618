package logs

import (
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Entry is one stored error-log entry: what the browser wrote (title, error, time, origen,
// user) and what the server knows (when it arrived, from which address, which signed-in user).
type Entry struct {
	ID     bson.ObjectID `bson:"_id" json:"_id"`
	Title  string        `bson:"title" json:"title"`
	Error  string        `bson:"error" json:"error"`
	Time   string        `bson:"time" json:"time"` // ISO time as the browser wrote it
	Origen string        `bson:"origen" json:"origen"`
	User   string        `bson:"user" json:"user"` // the name the browser had stored

	ReceivedAt time.Time `bson:"receivedAt" json:"receivedAt"`
	IP         string    `bson:"ip" json:"ip"`
	UserID     string    `bson:"userId,omitempty" json:"userId,omitempty"`
	UserName   string    `bson:"userName,omitempty" json:"userName,omitempty"`
	UserEmail  string    `bson:"userEmail,omitempty" json:"userEmail,omitempty"`
	UserAgent  string    `bson:"userAgent,omitempty" json:"userAgent,omitempty"`
	RequestID  string    `bson:"requestId,omitempty" json:"requestId,omitempty"`
}

// EntryInput is one entry as the browser sends it.
type EntryInput struct {
	Title  string `json:"title" validate:"max=200"`
	Error  string `json:"error" validate:"max=4000"`
	Time   string `json:"time" validate:"max=40"`
	Origen string `json:"origen" validate:"max=200"`
	User   string `json:"user" validate:"max=120"`
}

// Source is what the server knows about an upload.
type Source struct {
	IP        string
	UserID    string
	UserName  string
	UserEmail string
	UserAgent string
	RequestID string
}

// Filter selects entries for the staff screen. Zero fields do not filter.
type Filter struct {
	From   time.Time // inclusive
	Before time.Time // exclusive
	User   string    // part of the user's name or e-mail, or the user id
	Text   string    // part of the title, the error text or the origen
	Page   int       // from 1
	Limit  int       // 1..MaxPageSize
}

// MaxPageSize is the largest page the staff screen may ask for.
const MaxPageSize = 100

// Page is one page of entries, newest first.
type Page struct {
	Logs []Entry  `json:"logs"`
	Meta PageMeta `json:"meta"`
}

// PageMeta says where the page is and whether more follow.
type PageMeta struct {
	Page    int  `json:"page"`
	Limit   int  `json:"limit"`
	HasMore bool `json:"hasMore"`
}
