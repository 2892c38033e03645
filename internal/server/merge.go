package server

import "context"

// followMerge reloads, after a guest was merged into an account, the
// games this server holds in which the guest had a seat (room.Hub's
// ReloadSeated says why).
func (s *Server) followMerge(ctx context.Context, guest string) {
	if err := s.rooms.ReloadSeated(ctx, guest); err != nil {
		s.log.Error("reloading games after a merge", "guest", guest, "err", err)
	}
}
