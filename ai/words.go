package ai

import (
	"embed"

	"github.com/plateau-games/plateau/game"
)

// words holds the catalog of the levels' descriptions (game.Catalog):
// i18n/en.json, the template of the English the package says, and a file
// per language.
//
//go:embed i18n
var words embed.FS

// catalog reads the catalog once, at the first text; Texts gives it to
// the server, which refuses to start when it cannot be read.
var catalog = game.CatalogSource(words, "i18n")

// texts says en in every language, each filled with args (game.Source.Text).
func texts(en string, args ...any) game.Text { return catalog.Text(en, args...) }

// Texts returns the catalog of the levels' descriptions, for the
// server's start-up check.
func Texts() (*game.Catalog, error) { return catalog() }
