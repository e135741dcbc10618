package sales

import (
	"tienda/pkg/salestate"

	"context"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// openStates are the deliveries of an open order: saved, neither delivered nor cancelled.
var openStates = []string{EntregaPendiente, EntregaEnviado}

// PendingOrders lists the saved orders not yet delivered or cancelled, oldest first; clientID ""
// means every customer, otherwise that customer's unpaid ones.
func (s *Service) PendingOrders(ctx context.Context, clientID string) ([]Sale, error) {
	filter := bson.M{"estado": salestate.Confirmada, "entrega": bson.M{"$in": openStates}}
	if clientID != "" {
		filter["usuarioId"] = clientID
		filter["pago"] = PagoPendiente
	}
	out, err := s.store.find(ctx, filter)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Sale) int { return -newestFirst(a, b) })
	return out, nil
}
