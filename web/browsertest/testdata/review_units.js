// Unit checks of evaluation.js and the board's arrows, run in the page by
// TestReviewUnits. The body of an async function: it returns the list of
// failures.
const fails = [];
const check = (cond, msg) => { if (!cond) fails.push(msg); };

const ev = await import('/js/evaluation.js');
const { arrowPoints } = await import('/js/board.js');

// Judgements by the win probability lost, at and around each threshold.
for (const [loss, engineMove, want] of [
  [0, false, 'best'], [0.019, false, 'best'], [0.02, false, 'good'], [0.099, false, 'good'],
  [0.1, false, 'inaccuracy'], [0.2, false, 'mistake'], [0.299, false, 'mistake'], [0.3, false, 'blunder'],
  [1, false, 'blunder'], [0.5, true, 'best'],
]) {
  const got = ev.judge(loss, engineMove);
  check(got === want, `judge(${loss}, ${engineMove}): got ${got}, want ${want}`);
}

// A multi-PV answer: the last report's lines, ranked, and bestmove.
const answer = [
  'info depth 1 multipv 1 nodes 10 nps 5 score 20 wp 0.550 pv a1a2',
  'info depth 1 multipv 2 nodes 10 nps 5 score 10 wp 0.525 pv b1b2',
  'info depth 2 multipv 1 nodes 90 nps 45 score mate 3 wp 1.000 pv c1c2 d1d2 c2c3',
  'info depth 2 multipv 2 nodes 90 nps 45 wp 0.250 pv a1a2 b8b7',
  'bestmove c1c2',
];
const { lines, best } = ev.lastReport(answer);
check(best === 'c1c2', `bestmove: got ${best}`);
check(lines.length === 2 && lines[0].rank === 1 && lines[1].rank === 2, `last report: got ${JSON.stringify(lines)}`);
check(lines[0].mate === 3 && lines[0].wp === 1 && lines[0].depth === 2 && lines[0].pv.join(' ') === 'c1c2 d1d2 c2c3', `line 1: got ${JSON.stringify(lines[0])}`);
check(lines[1].score === null && lines[1].wp === 0.25 && lines[1].nodes === 90, `line 2: got ${JSON.stringify(lines[1])}`);
check(ev.parseInfo('info depth 3 nodes 5 nps 1 score 12 pv a1') === null, 'an info line without wp is not a multi-PV line');
check(ev.parseInfo('bestmove a1') === null, 'bestmove is not an info line');

// Win probabilities from the first player's side, results and percentages.
check(ev.forFirst(0.8, 0) === 0.8 && Math.abs(ev.forFirst(0.8, 1) - 0.2) < 1e-12, 'forFirst');
check(ev.terminalWp('first') === 1 && ev.terminalWp('second') === 0 && ev.terminalWp('draw') === 0.5, 'terminalWp');
check(ev.percent(0.456) === '46%', `percent: got ${ev.percent(0.456)}`);

// Links: the position and the line survive the address, spaces and all.
const href = ev.analysisHref('abraxas:board=2,push=free', '9/2R6/9 4 tl 2 play 3-1 2-3 -', ['e5', 'f6+g7']);
const [route, query] = href.split('?');
check(route === '#/analysis/' + encodeURIComponent('abraxas:board=2,push=free'), `route: got ${route}`);
const q = new URLSearchParams(query);
check(q.get('pos') === '9/2R6/9 4 tl 2 play 3-1 2-3 -' && q.get('line') === 'e5 f6+g7', `query: got ${query}`);
check(!ev.analysisHref('oshi', 'p').includes('line='), 'no line, no line parameter');

// An arrow points from one centre towards the other: its tip lies on the
// segment between them, short of the target's centre.
const pts = arrowPoints(50, 50, 250, 50).split(' ').map((p) => p.split(',').map(Number));
const tip = pts[3];
check(pts.length === 7 && tip[1] === 50 && tip[0] > 200 && tip[0] < 250, `arrow tip: got ${JSON.stringify(pts)}`);

return fails;
