package ratings

import "github.com/plateau-games/plateau/ai"

// NearestLevel returns the AI level of a game id (options included) whose
// rating on the players' scale is nearest r's (ai.LevelRatings): the
// opponent quick play offers when no person is found.
func NearestLevel(gameID string, r Rating) (int, error) { return ai.NearestLevel(gameID, r.R) }
