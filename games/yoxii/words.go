package yoxii

import (
	"embed"

	"github.com/plateau-games/plateau/game"
)

// words holds the catalog of the game's texts (game.Catalog): i18n/en.json,
// the template of the English the package says, and a file per language.
// It is embedded in the browser's engine too, whose refusals speak the
// player's language.
//
//go:embed i18n
var words embed.FS

// catalog reads the catalog once, at the first text; Texts gives it to
// the server, which refuses to start when it cannot be read.
var catalog = game.CatalogSource(words, "i18n")

// texts says en in every language, each filled with args (game.Source.Text).
func texts(en string, args ...any) game.Text { return catalog.Text(en, args...) }
