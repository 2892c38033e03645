// Gameratings shows ratings where a game is played (issue 30, stumble 8):
// each seated player's rating in the game's pool on their chip, and at
// the end of a rated game the change it made. It reads the players'
// ratings (GET /api/ratings/{player}), the same data as the player pages.

import { call } from './api.js';
import { splitId } from './games.js';

/**
 * poolOf picks, among a player's ratings, the pool of game id gameId:
 * the pool of its name whose options the game all has, the most
 * specific first ("name:option=value" before "name").
 */
export function poolOf(ratings, gameId) {
  const { name } = splitId(gameId);
  const opts = new Set((gameId.split(':')[1] || '').split(',').filter(Boolean));
  let best = null, bestN = -1;
  for (const r of ratings) {
    const [n, o = ''] = r.group.split(':');
    const need = o.split(',').filter(Boolean);
    if (n !== name || !need.every((x) => opts.has(x))) continue;
    if (need.length > bestN) { best = r; bestN = need.length; }
  }
  return best;
}

/**
 * change returns the rating change game made in a pool's history, and
 * the rating after it; null when the game is not in it. The first game
 * of a pool starts from start.
 */
export function change(pool, game, start = 1500) {
  const i = pool?.history.findIndex((p) => p.game === game) ?? -1;
  if (i < 0) return null;
  const before = i > 0 ? pool.history[i - 1].rating : start;
  return { rating: pool.history[i].rating, delta: pool.history[i].rating - before };
}

/** GameRatings fetches and keeps the seated players' ratings for a game page. */
export class GameRatings {
  constructor(onChange) {
    this.onChange = onChange;
    this.byPlayer = new Map(); // player id -> ratings, or null while asked
    this.final = false;
  }

  /** want asks for the ratings of the view's seated players not known yet, and once more after a rated game ends. */
  want(v) {
    const ids = v.seats.map((s) => s.player?.id).filter(Boolean);
    const again = v.rated && v.result !== 'ongoing' && !this.final;
    if (again) this.final = true;
    for (const id of ids) {
      if (this.byPlayer.has(id) && !again) continue;
      this.byPlayer.set(id, this.byPlayer.get(id) || null);
      call('GET', '/api/ratings/' + encodeURIComponent(id))
        .then((r) => { this.byPlayer.set(id, r.ratings || []); this.onChange(); })
        .catch(() => {});
    }
  }

  /** of returns a seated player's rating in the game's pool, or null. */
  of(v, p) {
    const id = v.seats[p].player?.id;
    const rs = id && this.byPlayer.get(id);
    return rs ? poolOf(rs, v.game) : null;
  }
}
