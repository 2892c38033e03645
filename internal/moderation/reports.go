package moderation

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Reason is why a player reports another.
type Reason string

// The reasons a report may give.
const (
	AbusiveChat     Reason = "abusive_chat"
	OffensiveName   Reason = "offensive_name"
	EngineAssist    Reason = "engine_assistance"
	Stalling        Reason = "stalling"
	Sandbagging     Reason = "sandbagging_boosting"
	OtherReason     Reason = "other"
	ScreeningReason Reason = "screening" // filed by the fair-play screening, never by a player
)

// Reasons are the reasons a player may choose, in the order shown.
var Reasons = []Reason{AbusiveChat, OffensiveName, EngineAssist, Stalling, Sandbagging, OtherReason}

// Valid reports whether a player may give r.
func (r Reason) Valid() bool {
	for _, v := range Reasons {
		if r == v {
			return true
		}
	}
	return false
}

// Report statuses.
const (
	Open      = "open"
	Dismissed = "dismissed"
	Actioned  = "actioned"
)

// Evidence is what a report keeps of the moment: the game and its moves
// as played, and the reported player's chat lines in it.
type Evidence struct {
	Game  string   `json:"game,omitempty"`
	Kind  string   `json:"kind,omitempty"`
	Moves []string `json:"moves,omitempty"`
	Lines []Line   `json:"lines,omitempty"`
}

// Line is one chat line kept as evidence.
type Line struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Text string `json:"text"`
	At   string `json:"at"`
}

// Report is one player's report about another.
type Report struct {
	ID         int64
	Reporter   string
	Reported   string
	Reason     Reason
	Note       string
	GameID     string
	Evidence   Evidence
	Status     string
	Created    time.Time
	Resolved   time.Time
	ResolvedBy string
}

// ReportStore keeps the reports.
type ReportStore interface {
	// AddReport stores r and returns its id, unless its reporter made
	// max reports or more since since (ErrTooMany), in one transaction
	// so that servers sharing the database count alike.
	AddReport(ctx context.Context, r Report, max int, since time.Time) (int64, error)
	// ReportsBy returns a reporter's reports, newest first.
	ReportsBy(ctx context.Context, reporter string) ([]Report, error)
	// ReportsAbout returns the reports about a player, newest first.
	ReportsAbout(ctx context.Context, reported string) ([]Report, error)
	// OpenReports returns the open reports, by reason then oldest first.
	OpenReports(ctx context.Context) ([]Report, error)
	// LoadReport returns one report (ErrNotFound without it).
	LoadReport(ctx context.Context, id int64) (Report, error)
	// ResolveReport sets an open report's status; false if it was not open.
	ResolveReport(ctx context.Context, id int64, status, by string, at time.Time) (bool, error)
}

// Reports files and lists the players' reports.
type Reports struct {
	Store   ReportStore
	Players PlayerFinder
	Clock   Clock
}

// File checks and stores a report of reporter's; evidence is what the
// caller gathered of the game named.
func (s *Reports) File(ctx context.Context, r Report) (Report, error) {
	r.Note = strings.TrimSpace(r.Note)
	switch {
	case r.Reported == "":
		return r, fmt.Errorf("%w: name the player you report", ErrNoPlayer)
	case r.Reported == r.Reporter:
		return r, fmt.Errorf("%w: you cannot report yourself", ErrSelf)
	case !r.Reason.Valid():
		return r, fmt.Errorf("%w: choose a reason among %v", ErrBadReport, Reasons)
	case len(r.Note) > MaxNote || !utf8.ValidString(r.Note):
		return r, fmt.Errorf("%w: the note is at most %d characters of text", ErrBadReport, MaxNote)
	}
	ok, err := s.Players.PlayerExists(ctx, r.Reported)
	if err != nil {
		return r, err
	}
	if !ok {
		return r, fmt.Errorf("%w: %q", ErrNoPlayer, r.Reported)
	}
	r.Status, r.Created = Open, s.Clock.Now()
	r.ID, err = s.Store.AddReport(ctx, r, MaxReportsPerDay, r.Created.Add(-24*time.Hour))
	return r, err
}

// EncodeEvidence is e as stored.
func EncodeEvidence(e Evidence) string {
	b, _ := json.Marshal(e) //nolint:errchkjson // plain strings and numbers
	return string(b)
}

// DecodeEvidence reads stored evidence; bad text reads as none.
func DecodeEvidence(s string) Evidence {
	var e Evidence
	_ = json.Unmarshal([]byte(s), &e)
	return e
}
