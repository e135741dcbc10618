package users

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

const collection = "usuarios"

// store is the only code that touches the usuarios collection.
type store struct{ db *mongox.Store }

// collections are the module's collections and their indexes.
func (s store) collections() []mongox.Collection {
	return []mongox.Collection{{Name: collection, Indexes: []mongox.Index{
		{Name: "email_unique", Keys: bson.D{{Key: "email", Value: 1}}, Unique: true, Sparse: true},
	}}}
}

var errDuplicateEmail = apperr.InvalidFields("Ya existe una cuenta con ese correo electrónico.",
	map[string]string{"email": "Ya existe una cuenta con ese correo electrónico."})

func (s store) insert(ctx context.Context, u User) error {
	_, err := s.db.W.Collection(collection).InsertOne(ctx, u)
	if mongox.IsDuplicate(err) {
		return errDuplicateEmail
	}
	if err != nil {
		return fmt.Errorf("users: insert: %w", err)
	}
	return nil
}

func (s store) count(ctx context.Context) (int64, error) {
	n, err := s.db.R.Collection(collection).CountDocuments(ctx, bson.M{})
	if err != nil {
		return 0, fmt.Errorf("users: count: %w", err)
	}
	return n, nil
}

// byEmail returns the user with that (lower-case) e-mail; apperr.NotFound when there is none.
func (s store) byEmail(ctx context.Context, email string) (User, error) {
	var u User
	found := false
	err := s.db.Each(ctx, collection, bson.M{"email": email}, nil, func(doc bson.Raw) error {
		found = true
		if err := bson.Unmarshal(doc, &u); err != nil {
			return err
		}
		return mongox.ErrStop
	})
	if err != nil {
		return User{}, fmt.Errorf("users: by email: %w", err)
	}
	if !found {
		return User{}, apperr.New(apperr.NotFound, "No existe ese usuario.")
	}
	return u, nil
}

func (s store) setLastLogin(ctx context.Context, id bson.ObjectID, u User) error {
	_, err := s.db.W.Collection(collection).UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"lastLogin": u.LastLogin}})
	if err != nil {
		return fmt.Errorf("users: last login: %w", err)
	}
	return nil
}

const recoveryCollection = "password_recovery"

var errUserNotFound = apperr.New(apperr.NotFound, "No existe ese usuario.")

// byID returns the user with that id; apperr.NotFound when there is none.
func (s store) byID(ctx context.Context, id bson.ObjectID) (User, error) {
	u, found, err := mongox.FindOne[User](ctx, s.db.R.Collection(collection), bson.M{"_id": id})
	if err != nil {
		return User{}, fmt.Errorf("users: by id: %w", err)
	}
	if !found {
		return User{}, errUserNotFound
	}
	return u, nil
}

// list returns every user, by name.
// eachListed calls fn with the fields the users' list shows (listFields) of every user.
func (s store) eachListed(ctx context.Context, fn func(bson.Raw) error) error {
	return s.db.Each(ctx, collection, bson.M{}, listFields, fn)
}

func (s store) list(ctx context.Context) ([]User, error) {
	users, err := mongox.FindAll[User](ctx, s.db.R.Collection(collection), bson.M{},
		options.Find().SetSort(bson.D{{Key: "name", Value: 1}, {Key: "_id", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("users: list: %w", err)
	}
	return users, nil
}

// set changes fields of one user. Errors: not_found, invalid (the e-mail belongs to another account).
func (s store) set(ctx context.Context, id bson.ObjectID, fields bson.M) error {
	res, err := s.db.W.Collection(collection).UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": fields})
	if mongox.IsDuplicate(err) {
		return errDuplicateEmail
	}
	if err != nil {
		return fmt.Errorf("users: update: %w", err)
	}
	if res.MatchedCount == 0 {
		return errUserNotFound
	}
	return nil
}

// activeAdmins counts the active Administradores.
func (s store) activeAdmins(ctx context.Context) (int64, error) {
	n, err := s.db.R.Collection(collection).CountDocuments(ctx, bson.M{"rol": "Administrador", "status": true})
	if err != nil {
		return 0, fmt.Errorf("users: count admins: %w", err)
	}
	return n, nil
}

// recoveryByEmail returns the live recovery code document of an e-mail, if any.
func (s store) recoveryByEmail(ctx context.Context, email string) (recovery, bool, error) {
	r, found, err := mongox.FindOne[recovery](ctx, s.db.R.Collection(recoveryCollection), bson.M{"_id": email})
	if err != nil {
		return recovery{}, false, fmt.Errorf("users: recovery: %w", err)
	}
	return r, found, nil
}

// putRecovery stores a new code for an e-mail, replacing the previous one.
func (s store) putRecovery(ctx context.Context, r recovery) error {
	_, err := s.db.W.Collection(recoveryCollection).ReplaceOne(ctx, bson.M{"_id": r.Email}, r, options.Replace().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("users: put recovery: %w", err)
	}
	return nil
}

// takeTry counts one guess against the e-mail's code, only while it is unexpired and has tries
// left, and returns the document as it is after the count. found=false: no usable code.
func (s store) takeTry(ctx context.Context, email string, now time.Time, maxTries int) (recovery, bool, error) {
	var r recovery
	err := s.db.W.Collection(recoveryCollection).FindOneAndUpdate(ctx,
		bson.M{"_id": email, "expiresAt": bson.M{"$gt": now}, "tries": bson.M{"$lt": maxTries}},
		bson.M{"$inc": bson.M{"tries": 1}},
		options.FindOneAndUpdate().SetReturnDocument(options.After)).Decode(&r)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return recovery{}, false, nil
	}
	if err != nil {
		return recovery{}, false, fmt.Errorf("users: recovery try: %w", err)
	}
	return r, true, nil
}

// deleteRecovery removes the e-mail's code.
func (s store) deleteRecovery(ctx context.Context, email string) error {
	if _, err := s.db.W.Collection(recoveryCollection).DeleteOne(ctx, bson.M{"_id": email}); err != nil {
		return fmt.Errorf("users: delete recovery: %w", err)
	}
	return nil
}

// sweepRecovery deletes the codes that expired (the store has no TTL index).
func (s store) sweepRecovery(ctx context.Context, now time.Time) error {
	if _, err := s.db.W.Collection(recoveryCollection).DeleteMany(ctx, bson.M{"expiresAt": bson.M{"$lte": now}}); err != nil {
		return fmt.Errorf("users: sweep recovery: %w", err)
	}
	return nil
}
