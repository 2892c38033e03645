package players

import (
	"slices"
	"strings"
	"unicode"
)

// reservedWords may appear nowhere in a name, once both are reduced to
// their skeleton: they name the site, its staff, or the computer
// players ("AI level 5", "Niveau 3", "Ordinateur" in the interface).
var reservedWords = []string{
	"admin", "plateau", "system", "systeme", "moderator", "moderateur",
	"official", "officiel", "level", "niveau", "ordinateur", "computer",
}

// reservedTokens may not be a whole word of a name, alone or followed by
// digits ("AI", "AI5", "Bot 3"), but may appear inside a longer word
// ("Kai", "Abbott").
var reservedTokens = []string{
	"ai", "ia", "bot", "robot", "cpu", "engine", "moteur", "ordi", "root",
	"staff", "support", "anonymous", "anonyme", "deleted", "supprime",
}

// confusables maps characters that look like a Latin letter to it:
// digits and signs used in place of letters, accented letters, and
// Cyrillic and Greek letters drawn like Latin ones. "l" joins "i" (and
// "1"), since "AI" and "Al" are drawn alike in many fonts.
var confusables = map[rune]rune{
	'0': 'o', '1': 'i', '2': 'z', '3': 'e', '4': 'a', '5': 's', '6': 'g', '7': 't', '8': 'b', '9': 'g',
	'l': 'i', '|': 'i', '!': 'i', 'ı': 'i', '@': 'a', '$': 's', '€': 'e',
	'à': 'a', 'á': 'a', 'â': 'a', 'ä': 'a', 'ã': 'a', 'å': 'a', 'ç': 'c', 'è': 'e', 'é': 'e', 'ê': 'e', 'ë': 'e',
	'ì': 'i', 'í': 'i', 'î': 'i', 'ï': 'i', 'ñ': 'n', 'ò': 'o', 'ó': 'o', 'ô': 'o', 'ö': 'o', 'õ': 'o',
	'ù': 'u', 'ú': 'u', 'û': 'u', 'ü': 'u', 'ý': 'y', 'ÿ': 'y', 'œ': 'o',
	'а': 'a', 'в': 'b', 'е': 'e', 'з': 'e', 'і': 'i', 'ї': 'i', 'ј': 'j', 'к': 'k', 'м': 'm', 'н': 'h',
	'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's', 'ԁ': 'd',
	'α': 'a', 'β': 'b', 'ε': 'e', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x',
}

// skeleton reduces s to lower-case Latin letters: case folded,
// confusables replaced, and everything else (spaces, punctuation,
// marks) dropped, so that "A.I. L3vel" and "ai level" meet.
func skeleton(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if c, ok := confusables[r]; ok {
			r = c
		}
		if r >= 'a' && r <= 'z' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Reserved reports whether a name is reserved: it contains a reserved
// word, or one of its words (split at spaces and punctuation) is a
// reserved token, alone or followed by digits, or the whole name is one
// ("A I 5"), however it is spelt (case, spacing, look-alike digits or
// letters).
func Reserved(name string) bool {
	sk := skeleton(name)
	tokens := make([]string, len(reservedTokens))
	for i, t := range reservedTokens {
		tokens[i] = skeleton(t)
	}
	for _, w := range reservedWords {
		if strings.Contains(sk, skeleton(w)) {
			return true
		}
	}
	bare := strings.TrimRightFunc(name, func(r rune) bool { return !unicode.IsLetter(r) })
	if slices.Contains(tokens, skeleton(bare)) {
		return true
	}
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && confusables[r] == 0
	})
	for _, w := range words {
		whole, stem := skeleton(w), skeleton(strings.TrimRightFunc(w, unicode.IsDigit))
		if slices.Contains(tokens, whole) || slices.Contains(tokens, stem) {
			return true
		}
	}
	return false
}
