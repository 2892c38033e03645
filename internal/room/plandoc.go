package room

import (
	"context"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/store"
)

// PlanDoc is the caller's seat's conditional moves as the API shows
// them (docs/premoves.md): read, or first replaced by lines when set
// (none: deleted).
func (h *Room) PlanDoc(ctx context.Context, c Caller, set bool, lines [][]string) (api.Conditional, error) {
	var p store.Plan
	var err error
	if set {
		p, err = h.SetPlan(ctx, c, lines)
	} else {
		p, err = h.Plan(ctx, c)
	}
	if p.Lines == nil {
		p.Lines = [][]string{}
	}
	return api.Conditional{Ply: p.Ply, Lines: p.Lines}, err
}
