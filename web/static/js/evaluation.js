// Evaluation reads the engine's multi-PV reports (docs/protocol.md,
// "go ... multipv k") and judges a move by the win probability it lost
// (docs/review.md): what the review and the analysis board share.

/** CLASSES are the judgements of a move, best first. */
export const CLASSES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];

/**
 * LOSS is the least win probability (0 to 1, of the player who moved) a
 * move must lose to be judged each way; a move losing less than `good`
 * is as good as the engine's own, and the engine's own move is best.
 * Twice lichess's 5/10/15 points (docs/review.md): short searches in the
 * browser are noisier than its engine.
 */
export const LOSS = { good: 0.02, inaccuracy: 0.10, mistake: 0.20, blunder: 0.30 };

/** judge classes a move that lost `loss` of its player's win probability; engineMove tells it was the engine's choice. */
export function judge(loss, engineMove) {
  if (engineMove || loss < LOSS.good) return 'best';
  if (loss >= LOSS.blunder) return 'blunder';
  if (loss >= LOSS.mistake) return 'mistake';
  if (loss >= LOSS.inaccuracy) return 'inaccuracy';
  return 'good';
}

/**
 * parseInfo reads one "info ..." line of a multi-PV report into
 * {depth, rank, nodes, score, mate, wp, pv}; null for any other line.
 */
export function parseInfo(line) {
  const f = line.trim().split(/\s+/);
  if (f[0] !== 'info') return null;
  const out = { depth: 0, rank: 1, nodes: 0, score: null, mate: null, wp: null, pv: [] };
  for (let i = 1; i < f.length; i++) {
    const k = f[i];
    if (k === 'pv') { out.pv = f.slice(i + 1); break; }
    if (k === 'score' && f[i + 1] === 'mate') { out.mate = +f[i + 2]; i += 2; continue; }
    const v = +f[++i];
    if (k === 'depth') out.depth = v;
    else if (k === 'multipv') out.rank = v;
    else if (k === 'nodes') out.nodes = v;
    else if (k === 'score') out.score = v;
    else if (k === 'wp') out.wp = v;
  }
  return out.wp === null ? null : out;
}

/** lastReport returns the lines of a go answer's last report, ranked, and its bestmove. */
export function lastReport(answer) {
  let lines = [];
  let best = '';
  for (const l of answer) {
    if (l.startsWith('bestmove ')) { best = l.slice(9).trim(); continue; }
    const info = parseInfo(l);
    if (!info) continue;
    if (info.rank === 1) lines = [];
    lines.push(info);
  }
  return { lines, best: best || lines[0]?.pv[0] || '' };
}

/** terminalWp is the first player's win probability of a finished game's result. */
export const terminalWp = (result) => ({ first: 1, second: 0, draw: 0.5 })[result];

/** forFirst turns the win probability of the player to act into the first player's. */
export const forFirst = (wp, toAct) => (toAct === 0 ? wp : 1 - wp);

/** percent writes a win probability as a whole percentage. */
export const percent = (wp) => Math.round(wp * 100) + '%';

/** analysisHref links to the analysis board of a game id at a position, with a line of moves from it. */
export function analysisHref(game, pos, line = []) {
  const q = new URLSearchParams({ pos });
  if (line.length) q.set('line', line.join(' '));
  return '#/analysis/' + encodeURIComponent(game) + '?' + q.toString();
}
