package server

import "github.com/plateau-games/plateau/internal/moderation/screening"

// runScreening runs the screening while the server lives, when the
// config names norms and the store keeps the screening's rows.
func (s *Server) runScreening() {
	st, _ := s.cfg.Store.(screening.JobStore) // nil: a store without the screening's rows
	s.cfg.Screening.Run(s.ctx, st, s.cfg.Registry, s.cfg.Clock, s.owner, s.log)
}
