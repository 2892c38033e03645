package api

// Catalog is GET /api/catalog: the games a server offers, for the
// new-game dialog.
type Catalog struct {
	Games  []CatalogGame  `json:"games"`
	Levels map[string]int `json:"levels"` // "min" and "max" AI level
	AI     string         `json:"ai"`     // what plays the AI seats
}

// CatalogGame is one game of the catalog.
type CatalogGame struct {
	Name    string    `json:"name"`
	Title   string    `json:"title"`
	Players [2]string `json:"players"`
	Options []Option  `json:"options"`
}

// Option is one option of a game, as game ids write it (name=value).
type Option struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Values  []string `json:"values"`
	Doc     string   `json:"doc"`
}
