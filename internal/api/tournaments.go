package api

import "time"

// TournamentCreate is the body of POST /api/tournaments
// (docs/tournaments.md). Durations are in seconds.
type TournamentCreate struct {
	Game        string           `json:"game"`   // game id with options
	Format      string           `json:"format"` // roundrobin, swiss, arena, knockout, league
	Name        string           `json:"name"`
	Description string           `json:"description,omitempty"`
	Rounds      int              `json:"rounds,omitempty"` // Swiss
	MinPlayers  int              `json:"minPlayers"`
	MaxPlayers  int              `json:"maxPlayers,omitempty"`
	Division    int              `json:"division,omitempty"`   // round robin, league
	RoundTime   int64            `json:"roundTime"`            // seconds: a round's hard deadline, or the arena's length
	StartsAt    time.Time        `json:"startsAt"`             // RFC 3339
	Games       int              `json:"games,omitempty"`      // 0: from the lab; 1; 2 (colour-swapped pair)
	Casual      bool             `json:"casual,omitempty"`     // unrated
	Streak      bool             `json:"streak,omitempty"`     // arena streak bonus
	LateRounds  int              `json:"lateRounds,omitempty"` // Swiss: entries until this round
	TimeControl string           `json:"timeControl,omitempty"`
	Entry       *TournamentEntry `json:"entry,omitempty"`
}

// TournamentEntry is an event's entry conditions.
type TournamentEntry struct {
	AccountDays int `json:"accountDays,omitempty"`
	Finished    int `json:"finished,omitempty"`
	Timeouts    int `json:"timeouts"` // -1: no limit
}

// Tournament is an event in a list or on its page.
type Tournament struct {
	ID          string     `json:"id"`
	Game        string     `json:"game"`
	Format      string     `json:"format"`
	Name        string     `json:"name"`
	Description string     `json:"description,omitempty"`
	State       string     `json:"state"` // open, running, finished, cancelled
	Round       int        `json:"round"`
	Rounds      int        `json:"rounds,omitempty"`
	StartsAt    time.Time  `json:"startsAt"`
	RoundEnds   time.Time  `json:"roundEnds,omitzero"`
	Players     int        `json:"players"`
	Games       int        `json:"games"` // per pairing
	Rated       bool       `json:"rated"`
	TimeControl string     `json:"timeControl,omitempty"`
	Series      string     `json:"series,omitempty"`
	Edition     int        `json:"edition,omitempty"`
	Winner      *PlayerRef `json:"winner,omitempty"`
}

// TournamentStanding is one line of the standings.
type TournamentStanding struct {
	Rank            int       `json:"rank"`
	Player          PlayerRef `json:"player"`
	Score           float64   `json:"score"`
	Played          int       `json:"played"`
	HeadToHead      float64   `json:"headToHead"`
	SonnebornBerger float64   `json:"sonnebornBerger"`
	Buchholz        float64   `json:"buchholz"`
	PairsWon        int       `json:"pairsWon"`
	Withdrawn       bool      `json:"withdrawn,omitempty"`
}

// TournamentGame is one game of an event.
type TournamentGame struct {
	Round   int    `json:"round"`
	Board   int    `json:"board"`
	Leg     int    `json:"leg"`
	First   string `json:"first"`
	Second  string `json:"second,omitempty"` // empty: a bye
	GameID  string `json:"gameId,omitempty"`
	Result  string `json:"result,omitempty"` // first, second, draw; empty while played
	Forfeit bool   `json:"forfeit,omitempty"`
}

// TournamentView is GET /api/tournaments/{id}.
type TournamentView struct {
	Tournament
	Standings []TournamentStanding `json:"standings"`
	// Crosstable[i][j] is the points of standings[i] against standings[j]
	// over Games[i][j] games (0 games: they did not meet).
	Crosstable [][]float64      `json:"crosstable"`
	CrossGames [][]int          `json:"crossGames"`
	AllGames   []TournamentGame `json:"allGames"`
	Joined     bool             `json:"joined"`
	NextGame   string           `json:"nextGame,omitempty"` // the requester's game being played
}
