package server

import (
	"context"
	"net/http"

	"github.com/plateau-games/plateau/internal/api"
	"github.com/plateau-games/plateau/internal/players"
	"github.com/plateau-games/plateau/internal/room"
	"github.com/plateau-games/plateau/internal/store"
	"github.com/plateau-games/plateau/internal/tournaments"
)

// routesTournaments serves the events (docs/tournaments.md).
func (s *Server) routesTournaments(m *http.ServeMux) {
	m.HandleFunc("GET /api/tournaments", serveCall(s, func(r *http.Request) ([]api.Tournament, error) {
		ts, err := s.tours()
		if err != nil {
			return nil, err
		}
		q := r.URL.Query()
		return ts.List(r.Context(), q.Get("game"), q.Get("state"), q.Get("winner"))
	}))
	m.HandleFunc("POST /api/tournaments", s.limit(limitCreate, s.handleTournamentCreate))
	m.HandleFunc("GET /api/tournaments/{id}", s.handleTournament)
	m.HandleFunc("POST /api/tournaments/{id}/join", s.limit(limitRequest, s.tourEntry(func(ctx context.Context, ts *tournaments.Service, id string, p players.Player) error {
		return ts.Join(ctx, id, p.ID, p.Name)
	})))
	m.HandleFunc("POST /api/tournaments/{id}/withdraw", s.limit(limitRequest, s.tourEntry(func(ctx context.Context, ts *tournaments.Service, id string, p players.Player) error {
		return ts.Withdraw(ctx, id, p.ID)
	})))
}

// tourRefusal turns a tournament error into the client's sentence.
func tourRefusal(err error) error {
	kind, text := tournaments.Explain(err)
	if text == nil {
		return serviceRefusal(err)
	}
	why := map[tournaments.Refusal]error{tournaments.Malformed: ErrMalformed, tournaments.Forbidden: ErrForbidden,
		tournaments.Stale: ErrStale, tournaments.NotFound: ErrNotFound}[kind]
	return refuseExplained(why, err, text)
}

// tours is the tournament service, when the store keeps events; the
// preview of an event's link asks for it too.
func (s *Server) tours() (*tournaments.Service, error) {
	ts, ok := s.cfg.Store.(tournaments.ServiceStore)
	if !ok {
		return nil, tourRefusal(tournaments.ErrOff)
	}
	return &tournaments.Service{Store: ts, Accounts: s.cfg.Store, Registry: s.cfg.Registry, Clock: s.cfg.Clock,
		Names: s.refOf, NewID: newGameID}, nil
}

// tourView is an event's page as me sees it (the link preview's too).
func (s *Server) tourView(ctx context.Context, ts *tournaments.Service, id, me string) (api.TournamentView, error) {
	return ts.View(ctx, id, me)
}

func (s *Server) handleTournament(w http.ResponseWriter, r *http.Request) {
	ts, err := s.tours()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, err := s.tourView(r.Context(), ts, r.PathValue("id"), requester(r.Context()))
	s.replyResult(w, r, v, tourRefusal(err))
}

// tourCall runs an account's request on the service (create, join,
// withdraw), as one refusal whichever step refuses; guests take no part.
func (s *Server) tourCall(r *http.Request, do func(*tournaments.Service, players.Player) error) error {
	ts, err := s.tours()
	if err != nil {
		return err
	}
	p, ok := players.FromContext(r.Context())
	if !ok || p.Guest || p.Deleted {
		return tourRefusal(tournaments.ErrNotAccount)
	}
	return tourRefusal(do(ts, p))
}

func (s *Server) handleTournamentCreate(w http.ResponseWriter, r *http.Request) {
	var out api.Tournament
	err := s.tourCall(r, func(ts *tournaments.Service, p players.Player) (err error) {
		var req api.TournamentCreate
		if err := decode(w, r, &req); err != nil {
			return err
		}
		out, err = ts.Create(r.Context(), req, p.ID)
		return err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.reply(w, http.StatusCreated, out)
}

// tourEntry serves joining and withdrawing: the change, then the
// event's page.
func (s *Server) tourEntry(change func(context.Context, *tournaments.Service, string, players.Player) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := s.tourCall(r, func(ts *tournaments.Service, p players.Player) error {
			return change(r.Context(), ts, r.PathValue("id"), p)
		})
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.handleTournament(w, r)
	}
}

// runTournaments runs the events while the server lives; any number of
// servers do so on one database (the runner leases each event).
func (s *Server) runTournaments() {
	ts, err := s.tours()
	if err != nil {
		return
	}
	var notes tournaments.Announcer
	if s.cfg.Notifier != nil {
		notes = s.cfg.Notifier
	}
	maker := tournaments.Maker{Store: s.cfg.Store, Build: s.tourGame}
	ts.Runner(s.owner, s.log, maker, tournaments.EndFunc(s.tourEnd), notes).Run(s.ctx)
}

// tourGame builds a tournament game's row: the two players in their
// seats, as any game is made.
func (s *Server) tourGame(ctx context.Context, ng tournaments.NewGame) (store.Game, error) {
	req := &api.CreateRequest{Game: ng.Game, TimeControl: ng.TimeControl, Rated: ng.Rated,
		Seats: []api.SeatRequest{{Kind: store.Human}, {Kind: store.Human}}}
	rec, _, _, err := s.rooms.Prepare(ctx, req, [2]string{ng.First, ng.Second})
	return rec, err
}

// tourEnd ends a tournament game at its deadline in the game's room.
func (s *Server) tourEnd(ctx context.Context, id string) (result, reason string, err error) {
	err = s.withHub(ctx, id, func(h *room.Room) error {
		result, reason, err = h.EndAtDeadline(ctx)
		return err
	})
	return result, reason, err
}
