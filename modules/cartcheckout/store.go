package cartcheckout

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
)

const returnsCollection = "pagos"

// store is the only code that touches the checkout's collection: the payment records.
type store struct{ db *mongox.Store }

// collections are the module's collections and their indexes.
func (s store) collections() []mongox.Collection {
	return []mongox.Collection{{Name: returnsCollection, Indexes: []mongox.Index{
		{Name: "payment_id", Keys: bson.D{{Key: "payment_id", Value: 1}}},
	}}}
}

// PaymentReturn is a stored payment record: the provider's return parameters as the browser
// brought them (unverified), with a timestamp and a generated id.
type PaymentReturn struct {
	ID                bson.ObjectID `bson:"_id" json:"_id"`
	CollectionID      string        `bson:"collection_id" json:"collection_id"`
	CollectionStatus  string        `bson:"collection_status" json:"collection_status"`
	PaymentID         string        `bson:"payment_id" json:"payment_id"`
	Status            string        `bson:"status" json:"status"`
	ExternalReference string        `bson:"external_reference" json:"external_reference"`
	PaymentType       string        `bson:"payment_type" json:"payment_type"`
	MerchantOrderID   string        `bson:"merchant_order_id" json:"merchant_order_id"`
	PreferenceID      string        `bson:"preference_id" json:"preference_id"`
	SiteID            string        `bson:"site_id" json:"site_id"`
	ProcessingMode    string        `bson:"processing_mode" json:"processing_mode"`
	MerchantAccountID string        `bson:"merchant_account_id" json:"merchant_account_id"`
	Source            string        `bson:"source" json:"source"` // "retorno" or "webhook"
	UserID            string        `bson:"userId" json:"userId"`
	Timestamp         time.Time     `bson:"timestamp" json:"timestamp"`
}

func (s store) saveReturn(ctx context.Context, r PaymentReturn) error {
	if _, err := s.db.W.Collection(returnsCollection).InsertOne(ctx, r); err != nil {
		return fmt.Errorf("cartcheckout: save payment return: %w", err)
	}
	return nil
}
