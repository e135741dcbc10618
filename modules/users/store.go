package users

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

const collection = "usuarios"

// store is the only code that touches the usuarios collection.
type store struct{ db *mongox.Store }

func (s store) ensureIndexes(ctx context.Context) error {
	return mongox.EnsureIndexes(ctx, s.db.W.Collection(collection), mongo.IndexModel{
		Keys:    bson.D{{Key: "email", Value: 1}},
		Options: options.Index().SetUnique(true).SetSparse(true).SetName("email_unique"),
	})
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
	err := s.db.R.Collection(collection).FindOne(ctx, bson.M{"email": email}).Decode(&u)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return User{}, apperr.New(apperr.NotFound, "No existe ese usuario.")
	}
	if err != nil {
		return User{}, fmt.Errorf("users: by email: %w", err)
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
