package api

// PlayerRef names a player in a view or a list: their id (for the
// player page) and display name, untrusted text to show only as text.
type PlayerRef struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Guest bool   `json:"guest,omitempty"`
	// Bot marks a bot account (docs/bots.md): shown with a BOT tag.
	Bot bool `json:"bot,omitempty"`
}

// ClaimRequest is the body of POST /api/games/{id}/claim: the seat
// tokens a browser holds for the game (an invite link's, or those kept
// from before players), to seat its player.
type ClaimRequest struct {
	Tokens []string `json:"tokens"`
}

// Claim answers POST /api/games/{id}/claim and GET /api/games/{id}/me:
// the seats the requesting player holds in the game.
type Claim struct {
	Seats []int `json:"seats"`
	// Taken is set when the invite's seat was taken by another player:
	// the requester watches.
	Taken *TakenSeat `json:"taken,omitempty"`
	// OwnInvite is set when the creator opened their own invite.
	OwnInvite bool `json:"ownInvite,omitempty"`
	// Invite is the seat of the game's open invite, when the requester
	// created the game and nobody has accepted it yet.
	Invite *int `json:"invite,omitempty"`
}

// TakenSeat is a seat someone else took.
type TakenSeat struct {
	Seat   int       `json:"seat"`
	Player PlayerRef `json:"player"`
}

// InviteRequest is the body of POST /api/games/{id}/invite: cancel the
// open invite, or renew it (a new link; the old one only watches).
type InviteRequest struct {
	Action string `json:"action"` // cancel or renew
}

// Invite answers POST /api/games/{id}/invite.
type Invite struct {
	Seat      int    `json:"seat"`
	Invite    string `json:"invite,omitempty"`    // a relative URL, as in CreateResponse; "" once cancelled
	InviteURL string `json:"inviteURL,omitempty"` // absolute, with --public-url
}

// MyGames is GET /api/me/games: the requesting player's games, those
// where it is their turn first, then the newest.
type MyGames struct {
	Games []MyGame `json:"games"`
}

// MyGame is one game of MyGames.
type MyGame struct {
	Summary
	Mine     []int `json:"mine"`     // the requester's seats
	YourTurn bool  `json:"yourTurn"` // ongoing, and a seat of theirs is to act
	// Opponent is who plays them: kind "player" (with Player), "ai"
	// (with Level), "device" (a game at one device: both seats
	// theirs) or "invite" (nobody has accepted the invite yet).
	Opponent Opponent `json:"opponent"`
}

// Opponent is the other side of a player's game.
type Opponent struct {
	Kind   string     `json:"kind"`
	Level  int        `json:"level,omitempty"`
	Player *PlayerRef `json:"player,omitempty"`
}

// Profile is GET /api/players/{ref}: a player's page.
type Profile struct {
	Player PlayerRef `json:"player"`
	Joined string    `json:"joined"`
	// Results counts finished games per game (between two people or
	// against the AI; games at one device are not counted).
	Results []GameResults `json:"results"`
	// Recent lists their latest public games.
	Recent []Summary `json:"recent"`
}

// GameResults are a player's results in one game.
type GameResults struct {
	Game   string `json:"game"`
	Title  string `json:"title"`
	Wins   int    `json:"wins"`
	Losses int    `json:"losses"`
	Draws  int    `json:"draws"`
}

// KeyRequest is the body of POST /api/keys.
type KeyRequest struct {
	Label string `json:"label"`
}

// Key is an API key as listed by GET /api/keys; Key itself is only in
// the answer to POST /api/keys, once.
type Key struct {
	ID        string `json:"id"`
	Label     string `json:"label"`
	CreatedAt string `json:"createdAt"`
	Key       string `json:"key,omitempty"`
}

// Keys is GET /api/keys.
type Keys struct {
	Keys []Key `json:"keys"`
}
