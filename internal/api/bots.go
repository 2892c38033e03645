package api

// BotAccount answers POST /api/bot/account/upgrade: the account, now a bot.
type BotAccount struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Bot  bool   `json:"bot"`
}

// Bots is GET /api/bots: the bot accounts, the connected ones first.
type Bots struct {
	Bots []BotInfo `json:"bots"`
}

// BotInfo is one bot of the online bots page.
type BotInfo struct {
	ID      string        `json:"id"`
	Name    string        `json:"name"`
	Bot     bool          `json:"bot"`    // always true: the BOT tag
	Online  bool          `json:"online"` // an event stream of it is open (seen within a minute)
	Since   string        `json:"since"`  // when the account became a bot
	Playing []string      `json:"playing"`
	Ratings []RatedPlayer `json:"ratings"` // its pools, "bot:" + the game's pool
}

// BotGameStart is the data of a bot event stream's gameStart line.
type BotGameStart struct {
	Game        string `json:"game"`   // the game's id: open its game stream
	GameID      string `json:"gameId"` // the game with its options ("oxford", "yoxii")
	Player      int    `json:"player"` // the bot's seat, 0 or 1
	Rated       bool   `json:"rated"`
	Opponent    string `json:"opponent,omitempty"`
	OpponentBot bool   `json:"opponentBot,omitempty"`
}

// BotGameFinish is the data of a bot event stream's gameFinish line.
type BotGameFinish struct {
	Game   string `json:"game"`
	Result string `json:"result"` // first, second or draw
	Reason string `json:"reason"`
}
