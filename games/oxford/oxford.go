package oxford

import (
	"fmt"

	"github.com/plateau-games/plateau/game"
)

// StartStandard is the spec's start position of the standard game.
const StartStandard = "oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO r"

// StartBeginner is the spec's start position of the beginner variant.
const StartBeginner = "6/xoxoxo/6/6/6/6/OXOXOX/6 r"

// Game returns the description of Oxford used to build a registry.
func Game() game.Game {
	return game.Game{
		Name:    "oxford",
		Title:   "Oxford",
		Players: [2]string{"red", "yellow"},
		Colours: [2]game.Text{texts("Red"), texts("Yellow")},
		Summary: texts("Two-faced pieces move as far as you have pieces showing the same face, then flip. Keep both an O and an X in play."),
		Options: []game.Option{{
			Name:    "variant",
			Default: "standard",
			Values:  []string{"standard", "beginner"},
			Doc:     "standard: all 12 pieces and the base rules; beginner: 6 pieces each, no bases",
			Label:   texts("Variant"),
			// Six pieces and no bases make another game, whose ladder
			// saturates (docs/ratings.md, docs/rules/oxford.md).
			RatedApart: true,
			Labels: map[string]game.Text{
				"standard": texts("Standard"),
				"beginner": texts("Beginner (no bases)"),
			},
		}},
		Start: func(opts game.Options) (game.State, error) {
			beginner, err := variant(opts)
			if err != nil {
				return nil, err
			}
			if beginner {
				return parse(StartBeginner, true)
			}
			return parse(StartStandard, false)
		},
		Reasons: reasonText,
		Data:    game.Folder(data, "data"),
		Texts:   catalog,
		Parse: func(opts game.Options, pos string) (game.State, error) {
			beginner, err := variant(opts)
			if err != nil {
				return nil, err
			}
			return parse(pos, beginner)
		},
	}
}

// Parse reads a position string of the given variant ("standard" or
// "beginner").
func Parse(variantName, pos string) (*State, error) {
	beginner, err := variant(game.Options{"variant": variantName})
	if err != nil {
		return nil, err
	}
	return parse(pos, beginner)
}

func variant(opts game.Options) (beginner bool, err error) {
	switch v := opts.Get("variant", "standard"); v {
	case "standard":
		return false, nil
	case "beginner":
		return true, nil
	default:
		return false, fmt.Errorf("oxford: %w: option variant=%s (want one of standard, beginner)", game.ErrBadID, v)
	}
}
