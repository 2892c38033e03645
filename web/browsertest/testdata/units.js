// Unit checks of the client's modules, run in the page by TestJSUnits.
// The body of an async function: it returns the list of failures.
const fails = [];
const check = (cond, msg) => { if (!cond) fails.push(msg); };
const throws = (f) => { try { f(); return false; } catch { return true; } };

const g = await import('/js/games.js');
const { matchPieces } = await import('/js/board.js');
const { MoveInput } = await import('/js/input.js');

// Every adapter reads its start position and rejects broken ones.
for (const name of g.names()) {
  const m = g.parsePos(name, g.start(name));
  check(m.game === name, `${name}: start parses`);
  check(throws(() => g.parsePos(name, '')), `${name}: empty position rejected`);
  check(throws(() => g.parsePos(name, g.start(name).replace(/\//, '//'))), `${name}: extra row rejected`);
}
check(throws(() => g.parsePos('oshi', '10/9/9/9/9/9/9/9/9 r 0-0 -')), 'oshi: a row too long is rejected');
const yx = g.parsePos('yoxii', '3/5/3T3/3Y3/7/5/3 r');
check(yx.totem === 'd5' && yx.hands[0][3] === 4 && yx.hands[1][3] === 5, 'yoxii: totem and hands');
const ab = g.parsePos('abraxas', '9/2R6/9/4B4/9/3R5/9/9/9 4 tl 2 play 3-1 2-3 -');
check(ab.pool === 18 && ab.corner === 'tl' && ab.toAct === 1 && ab.layout === 4, 'abraxas: pool, corner, player, layout');
const ox = g.parsePos('oxford:variant=beginner', '6/xoxoxo/6/6/6/6/OXOXOX/6 r');
check(ox.beginner && ox.lost[0] === 0 && ox.inPlay[1] === 6, 'oxford: beginner counts');

// Every board module's rules page has a text in the catalog for each of
// its rows but the boards' (the catalogs' own checks cover every language).
const { tr } = await import('/js/i18n.js');
for (const name of g.names()) {
  const a = g.adapter(name);
  if (!a.RULES) continue;
  check(Array.isArray(a.RULES) && a.RULES.length > 0, `${name}: rules rows`);
  a.RULES.forEach(([kind], i) => {
    if (kind !== 'boards') check(tr(`${name}.rules.${i}`, null) !== null, `${name}: rules row ${i} (${kind}) has no text in the catalog`);
  });
}

// Identity: same-kind pieces pair nearest first; kinds never mix.
const m = matchPieces(
  [{ mkind: 'a', x: 0, y: 0 }, { mkind: 'a', x: 100, y: 0 }, { mkind: 'b', x: 200, y: 0 }],
  [{ mkind: 'a', x: 100, y: 0 }, { mkind: 'a', x: 200, y: 0 }, { mkind: 'b', x: 0, y: 0 }]);
check(m.get(0) === 1 && m.get(1) === 0 && m.get(2) === 2, `matchPieces pairs: ${JSON.stringify([...m])}`);

// Guided input: only legal continuations, forced choices taken, takes as sets.
const played = [];
const adapter = g.adapter('abraxas');
const model = g.parsePos('abraxas', '9/9/9/9/9/9/9/9/9 1 bl 1 play 0-0 3-3 -');
let inp = new MoveInput(adapter, model, ['e5@br', '!e5', '!e5@br', 'd4@br'], (mv) => played.push(mv));
check(inp.state().selectable.size === 2, 'abraxas: two holes offered');
check(!inp.square('a1') && inp.message !== '', 'abraxas: an illegal hole is refused with a reason');
inp.square('d4');
check(played[0] === 'd4@br', `abraxas: a red pawn with one push is played at once, got ${played}`);
check(inp.state().modes.map((o) => o.v + ':' + o.pressed).join() === 'stop:false', 'abraxas: the stop pawn is a mode, off');
inp.option('stop');
check(inp.state().modes.map((o) => o.v + ':' + o.pressed).join() === 'stop:true' && inp.state().targets.size === 1, 'abraxas: stop mode on, its hole offered');
inp.option('stop');
check(inp.state().modes[0].pressed === false && inp.prefix.length === 0, 'abraxas: stop mode turned off again');
inp.square('e5');
check(played[1] === 'e5@br', `abraxas: a click on a hole places a red pawn, got ${played}`);
inp.option('stop');
inp.square('e5');
check(inp.state().options.map((o) => o.v).join() === 'nopush,@br', 'abraxas: push or not after a stop');
inp.option('nopush');
check(played[2] === '!e5', `abraxas: stop without push, got ${played}`);
// After a replay only stops and pass: a click on a hole starts the stop.
const intr = g.parsePos('abraxas', '9/9/9/9/9/9/9/9/9 1 bl 2 interrupt 0-0 3-3 -');
inp = new MoveInput(adapter, intr, ['!e5', '!e5@br', 'pass'], (mv) => played.push(mv));
inp.square('e5');
inp.option('nopush');
check(played[3] === '!e5', `abraxas: interrupt by clicking a hole, got ${played}`);
played.splice(0, 2);
const take = g.parsePos('abraxas', '9/9/9/9/5R3/9/9/9/9 1 br 1 take 0-0 3-3 -');
inp = new MoveInput(adapter, take, ['xf5', 'xf5,g5', 'xg5'], (mv) => played.push(mv));
inp.square('f5');
check(inp.state().confirm === 'xf5' && inp.state().targets.has('g5'), 'take: f5 alone or with g5');
inp.square('g5');
check(played[2] === 'xf5,g5', `take: the full set is played, got ${played}`);
const oxa = g.adapter('oxford');
inp = new MoveInput(oxa, g.parsePos('oxford', g.start('oxford')), ['c6c8=b1e1', 'c6c8=e1b1', 'c6c7'], (mv) => played.push(mv));
inp.square('c6'); inp.square('c8');
check(inp.state().targets.size === 2 && inp.state().prompt === oxa.prompt(2), 'oxford: O square asked after a base entry');
inp.square('e1'); inp.square('b1');
check(played[3] === 'c6c8=e1b1', `oxford: base entry played, got ${played}`);
// The last move's pawn is shown where the push took it.
check(g.adapter('abraxas').lastSquares('e5@br', take).join() === 'f5', 'abraxas: last pawn followed through the push');
check(g.adapter('abraxas').lastSquares('!e5', take).join() === 'e5', 'abraxas: a stop without push stays');
// A whole turn is marked where it now stands, each square through every push since.
const st0 = g.parsePos('abraxas', '9/9/9/9/9/9/9/9/9 1 bl 1 play 0-0 3-3 -');
const tn = g.adapter('abraxas').turn(['e5@br', 'xf5', 'g3@tr', '!c2@tl', 'xb3'], 2, st0, g.parsePos('abraxas', '9/9/9/9/9/9/9/9/9 1 tl 1 play 0-0 3-3 -'));
const tm = tn.marks.map((e) => e.sq + (e.placed ? '+' : '')).join();
check(tm === 'f4+,b2+,b3', `abraxas: turn marks g3 pushed up then left, c2 pushed left, and b3, got ${tm}`);
check(!tn.notes[0] && tn.notes[2]?.text.includes('f4') && tn.notes[3]?.text.includes('b2') && !tn.notes[4], `abraxas: notes on moved squares, got ${JSON.stringify(tn.notes)}`);
// Prompts never offer what is impossible: no stop pawn to a player without one.
const abx = g.adapter('abraxas');
const emptyPool = (stops) => g.parsePos('abraxas', `RRRRRRRR1/RRRRRRRR1/RRRRRRRR1/9/9/9/9/9/9 1 tl 1 play 0-0 ${stops} -`);
// The stop pawn is a mode the input offers only when a stop move is legal;
// the prompt mentions it only then.
check(/stop/i.test(abx.prompt(0, emptyPool('2-3'), [], [{ v: 'stop', mode: true }])), 'abraxas: an empty pool offers a stop pawn to a player who has one');
check(!/stop/i.test(abx.prompt(0, emptyPool('0-3'), [], [])), `abraxas: an empty pool offers no stop pawn to a player without: ${abx.prompt(0, emptyPool('0-3'), [], [])}`);
// Pieces are labelled as a person says them.
const oshiLabels = g.adapter('oshi').view(g.parsePos('oshi', g.start('oshi'))).pieces.map((p) => p.label);
check(oshiLabels.includes('Red one-tier piece') && oshiLabels.every((l) => !/tiers/.test(l)), `oshi: piece labels ${oshiLabels}`);
// Words that read as a person writes them (issue 30, stumbles 6 and 12).
const { controlLabel } = await import('/js/clock.js');
check(!/\b1 days\b/.test(controlLabel('1d/14')) && /\b3 days\b/.test(controlLabel('3d/14')), `clock: "1 day" and "3 days", got ${controlLabel('1d/14')} / ${controlLabel('3d/14')}`);
const { errorText, sentence } = await import('/js/i18n.js');
check(sentence('players: password not allowed: a password has 8 to 128 characters') === 'Password not allowed: a password has 8 to 128 characters', 'sentence strips package prefixes');
check(errorText({ code: 'network', message: 'Failed to fetch' }) !== 'Failed to fetch', 'a network failure is no browser message');
check(errorText({ code: 'bad_credentials', message: 'players: wrong username or password' }) === 'Wrong username or password.', 'a code the client knows reads its words');
// A game's rating pool among a player's pools, and a game's change.
const gr = await import('/js/gameratings.js');
const pools = [{ group: 'oxford', history: [] }, { group: 'oxford:variant=beginner', history: [{ game: 'g1', rating: 1600 }, { game: 'g2', rating: 1590 }] }, { group: 'oshi', history: [] }];
check(gr.poolOf(pools, 'oxford:variant=beginner')?.group === 'oxford:variant=beginner', 'gameratings: the beginner pool');
check(gr.poolOf(pools, 'oxford')?.group === 'oxford' && gr.poolOf(pools, 'yoxii') === null, 'gameratings: the default pool, and none');
check(JSON.stringify(gr.change(pools[1], 'g2')) === '{"rating":1590,"delta":-10}' && gr.change(pools[1], 'g1').delta === 100 && gr.change(pools[1], 'g3') === null, 'gameratings: changes');
return fails;
