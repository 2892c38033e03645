package store

import (
	"context"
	"fmt"
	"time"
)

// Follows keeps who follows whom: one way, and private to the follower.
type Follows interface {
	// Follow records that follower follows followed (again: no change).
	Follow(ctx context.Context, follower, followed string, at time.Time) error
	// Unfollow forgets it (not following: no change).
	Unfollow(ctx context.Context, follower, followed string) error
	// Following returns the players follower follows, oldest first.
	Following(ctx context.Context, follower string) ([]string, error)
}

const (
	qFollow    = `INSERT INTO follows (follower, followed, created_at) VALUES (?, ?, ?) ON CONFLICT (follower, followed) DO NOTHING`
	qUnfollow  = `DELETE FROM follows WHERE follower = ? AND followed = ?`
	qFollowing = `SELECT followed FROM follows WHERE follower = ? ORDER BY created_at, followed`
	// qFollowsDel forgets a deleted account's follows, both ways.
	qFollowsDel = `DELETE FROM follows WHERE follower = ? OR followed = ?`
)

// Follow implements Follows.
func (s *sqlStore) Follow(ctx context.Context, follower, followed string, at time.Time) error {
	_, err := s.exec(ctx, "follow", qFollow, follower, followed, millis(at))
	return err
}

// Unfollow implements Follows.
func (s *sqlStore) Unfollow(ctx context.Context, follower, followed string) error {
	_, err := s.exec(ctx, "unfollow", qUnfollow, follower, followed)
	return err
}

// Following implements Follows.
func (s *sqlStore) Following(ctx context.Context, follower string) ([]string, error) {
	rows, err := s.read.QueryContext(ctx, s.rebind(qFollowing), follower)
	if err != nil {
		return nil, fmt.Errorf("store: following of %s: %w", follower, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: following of %s: %w", follower, err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: following of %s: %w", follower, err)
	}
	return out, nil
}
