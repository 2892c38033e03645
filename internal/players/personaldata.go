package players

import (
	"context"
	"time"
)

// DataStore is the slice of the store the personal data export uses.
type DataStore interface {
	// ExportPlayer returns, per table, the player's rows as column to
	// value (secrets left out).
	ExportPlayer(ctx context.Context, player string) (map[string][]map[string]any, error)
}

// PersonalData is the document of GET /api/account/data: everything the
// database holds about a player, per table (docs/moderation.md).
type PersonalData struct {
	Format   string                      `json:"format"`
	Player   string                      `json:"player"`
	Exported string                      `json:"exported"`
	Tables   map[string][]map[string]any `json:"tables"`
}

// exportedFormat is the API's time format (the rooms' too), in which
// the export says when it was made.
const exportedFormat = "2006-01-02T15:04:05.000Z07:00"

// Export returns the personal data of player, exported at now.
func Export(ctx context.Context, st DataStore, player string, now time.Time) (PersonalData, error) {
	tables, err := st.ExportPlayer(ctx, player)
	if err != nil {
		return PersonalData{}, err
	}
	return PersonalData{Format: "plateau-personal-data/1", Player: player, Exported: now.UTC().Format(exportedFormat), Tables: tables}, nil
}
