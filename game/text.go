package game

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Text is something a person reads, in every language the front ends
// offer, keyed by BCP 47 language tag ("en", "fr"). English is required:
// it is what a front end falls back on. Games supply their texts so that
// a front end shows a game it has never heard of in the reader's language.
type Text map[string]string

// Languages are the languages every Text must have, English first.
func Languages() []string { return []string{"en", "fr", "de", "es", "it", "nl", "pt", "pl"} }

// In returns the text in lang, or in English when lang is missing.
func (t Text) In(lang string) string {
	if s, ok := t[lang]; ok {
		return s
	}
	return t["en"]
}

// Check reports the first language of Languages that t lacks or leaves
// blank; what names the text in the error.
func (t Text) Check(what string) error {
	for _, l := range Languages() {
		if strings.TrimSpace(t[l]) == "" {
			return fmt.Errorf("game: %s has no %s text", what, l)
		}
	}
	return nil
}

// MarkLegend explains MarkCell's mark in a drawing without colour.
const MarkLegend = "> marks the last move"

// MarkCell marks one cell of a Drawer's board, a few characters wide: in
// reverse video with color (the cell's own colours kept), else with its
// first character replaced by '>' (see MarkLegend), so that a cell's
// closing bracket still tells what kind of square it is.
func MarkCell(cell string, color bool) string {
	if cell == "" {
		return cell
	}
	if color {
		const reverse, reset = "\x1b[7m", "\x1b[0m"
		return reverse + strings.ReplaceAll(cell, reset, reset+reverse) + reset
	}
	_, size := utf8.DecodeRuneInString(cell)
	return ">" + cell[size:]
}
