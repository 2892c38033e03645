// The game page: the board, the guided move input, the side panel with
// scores, hands, move list and actions, kept in step with the server
// through the game's WebSocket. What differs between games is data: the
// game's board module draws it, the catalog says whether the board may
// turn, and the view carries the position's phase (its description and
// any hint button).

import { h, clear } from '../dom.js';
import { t, pick, errorText } from '../i18n.js';
import { adapter as adapterOf, splitId, parsePos, info } from '../games.js';
import { Board } from '../board.js';
import { MoveInput } from '../input.js';
import * as api from '../api.js';
import * as sound from '../sound.js';
import { Engine } from '../engine.js';
import { adviceFor } from '../advice.js';
import { startGame } from './newgame.js';
import { isDevice, open as openDevice, backend as deviceBackend, record as deviceRecord } from '../device.js';
import { seatName, resultText, moveList, colourOf, titleOf, exportTools } from './common.js';
import { Clocks } from '../clock.js';
import { Turns, switches as turnSwitches } from '../turn.js';
import { chatPanel } from '../chat.js';
import { safetyControls } from '../safety.js';
import { rematchBox, spectators } from './lobby.js';
import { GameRatings, change as ratingChange } from '../gameratings.js';
import * as settings from '../settings.js';
import { Premove } from '../premove.js';
import { conditionalPanel } from '../conditional.js';

// hintTime is the engine's time for a hint, in milliseconds: short, for
// a hint is asked for while the player waits.
const hintTime = 1000;

/** play shows game id; it returns the page's cleanup. */
export async function play(main, id) {
  let view, mine, dg = null, backend = api;
  try {
    // A game kept on this device is played against the engine in this
    // browser, through the same calls as a server's game.
    if (isDevice(id)) backend = deviceBackend(dg = await openDevice(id));
    [view, mine] = await Promise.all([backend.getGame(id), backend.mySeats(id).catch(() => ({ seats: [] }))]);
  } catch (e) {
    dg?.close();
    clear(main, h('h1', {}, t('noGame')), h('p', {}, errorText(e)), h('p', {}, h('a', { href: '#/' }, t('home'))));
    return null;
  }
  const page = new GamePage(main, id, mine, claimOutcome(id), backend, dg && (() => deviceRecord(dg.g)));
  page.render(view);
  page.connect();
  return () => page.close();
}

/** claimOutcome returns what accepting an invite link for game id gave (main.js keeps it), once. */
function claimOutcome(id) {
  const key = 'plateau:claim:' + id;
  let out = null;
  try { out = JSON.parse(sessionStorage.getItem(key)); } catch { /* none */ }
  sessionStorage.removeItem(key);
  return out;
}

class GamePage {
  /**
   * backend is api.js, or what stands for it for a game kept on this
   * device; record, for such a game, returns its record line.
   */
  constructor(main, id, mine, claimed, backend = api, record = null) {
    this.id = id;
    this.api = backend;
    this.record = record;
    // The seats this browser's player holds: the server knows them from
    // the session, and needs no token. tokens keeps the shape common.js
    // reads ({player: ...}, its keys the seats held).
    this.mine = mine.seats;
    this.tokens = Object.fromEntries(this.mine.map((p) => [p, '']));
    this.inviteSeat = mine.invite; // the seat of this game's open invite, for its creator
    this.claimed = claimed;
    this.view = null;
    this.busy = false;
    this.queue = Promise.resolve();
    this.confirmResign = false;
    this.hinting = false; // the engine is looking for a hint
    this.hinted = null;   // {position, move}: the hint shown, while the position is the same
    this.engine = null;   // started at the first hint
    this.clocks = new Clocks();
    this.ratings = new GameRatings(() => { if (this.view) this.renderStatus(); });
    this.turns = new Turns(id);
    this.premove = new Premove();
    // Escape drops a premove, as a click beside the board does.
    this.onKey = (e) => { if (e.key === 'Escape' && this.premove.busy()) this.cancelPremove(); };
    document.addEventListener('keydown', this.onKey);
    this.build(main);
  }

  build(main) {
    const el = this.el = {
      status: h('div', { class: 'status', 'aria-live': 'polite' }),
      banner: h('div', { class: 'banner', role: 'status', hidden: true }),
      prompt: h('p', { class: 'prompt', id: 'prompt' }),
      message: h('p', { class: 'message', role: 'alert', id: 'message' }),
      options: h('div', { class: 'options', id: 'options' }),
      panel: h('div', { class: 'panel' }),
      invite: h('div', { class: 'invite' }),
      actions: h('div', { class: 'actions game-actions' }),
      hints: h('p', { class: 'note hints-used', id: 'hints-used', hidden: true }),
      rated: h('p', { class: 'note rated-game', id: 'rated-game', hidden: true }, t('ratings.ratedNote')),
      claim: this.claimNote(),
      moves: h('ol', { class: 'movelist', id: 'movelist', 'aria-label': t('moveList') }),
      conn: h('p', { class: 'conn', role: 'status' }),
      // Screen readers hear the other side's moves and the result here;
      // the status line only says whose turn it is.
      announce: h('p', { class: 'sr-only', 'aria-live': 'polite', id: 'announce' }),
      wrap: h('div', { class: 'board-wrap' }),
      // Beside the board: what awaits an answer (a draw offer, a take-back
      // request) and news in the chat, which on a phone lie below the fold.
      offers: h('div', { class: 'offers', id: 'offers', role: 'status' }),
    };
    // The move being entered sits right after the board: under it on a
    // phone, at the top of the side column on a wide screen, so that the
    // board, the turn line and the choices are seen together.
    el.form = this.notationForm();
    this.exporter = exportTools(this.id, this.record);
    // Two people at one screen talk without a chat; a game on this device has nobody to talk to.
    this.chatNews = 0;
    this.chat = this.mine.length < 2 && !this.api.device
      ? chatPanel(this.id, this.mine[0] ?? -1, this.tokens[this.mine[0]] || '', (p) => (this.view ? colourOf(this.view, p) : ''), () => this.onChatNews())
      : null;
    this.spectators = this.api.device ? null : spectators(this.id);
    // One seat here, on a server: the waiting player plans conditional moves.
    this.plan = this.mine.length === 1 && !this.api.device ? conditionalPanel(this.id) : null;
    this.section = h('section', { class: 'game', 'aria-label': t('game') }, [
      h('div', { class: 'game-main' }, [el.claim, el.status, el.banner, el.wrap, el.offers, el.announce]),
      h('div', { class: 'turnbox' }, [el.conn, el.prompt, el.message, el.options]),
      h('aside', { class: 'side' }, [el.panel, el.rated, el.hints, el.invite, el.actions,
        // A spectator has no move to type.
        this.mine.length ? el.form : null, this.plan?.el, h('h2', { class: 'small' }, t('moveList')), el.moves, this.chat?.el, this.exporter.el, this.spectators?.el,
        this.mine.length === 1 && !this.api.device ? turnSwitches() : null]),
    ]);
    clear(main, this.section);
    this.textMode();
  }

  /**
   * textMode shows the board as text when this browser's player chose
   * it (the link at the top of every page); textmode.js is loaded only
   * then. Its log then says the events, the live region above does not.
   */
  async textMode() {
    if (localStorage.getItem('plateau:textmode') !== '1') return;
    const { TextMode } = await import('../textmode.js');
    const text = new TextMode({
      view: () => this.view,
      board: () => this.adapter.view(this.model),
      colour: (p) => this.colour(p),
      mine: (p) => this.tokens[p] !== undefined && this.mine.length < 2,
      turn: () => { const x = this.turnText(); return typeof x === 'string' ? x : x.textContent; },
      clocks: () => this.clocks.els.filter((c) => !c.hidden).map((c) => this.colour(+c.dataset.clock) + ' ' + c.textContent).join(', '),
      resultText: () => t('gameEnded', resultText(this.view, this.tokens)),
      play: (mv) => { if (!this.mayAct() || this.busy) return false; this.submit(mv); return true; },
    });
    this.el.announce.setAttribute('aria-live', 'off');
    this.section.querySelector('.game-main').prepend(text.el);
    text.watch(this.chat?.el);
    this.text = text;
    if (this.view) text.update(this.view, null);
  }

  /**
   * notationExample shows a legal move of this position as the notation
   * help's example, in the game's own notation (e3e5 meant nothing in
   * most games); the last example stays while no move is legal.
   */
  notationExample(v) {
    const help = this.section?.querySelector('#notation-help');
    if (help && v.legal?.length) help.textContent = t('typeMoveExample', v.legal[0]);
  }

  notationForm() {
    const input = h('input', { id: 'notation', name: 'move', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'notation-help' });
    const form = h('form', { class: 'notation' }, [
      h('label', { for: 'notation' }, t('typeMove')), input,
      h('button', { type: 'submit' }, t('play')),
      h('small', { id: 'notation-help' }, t('typeMoveHelp')),
    ]);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const mv = input.value.trim().toLowerCase();
      if (!mv || !this.mayAct()) return;
      // A typo stays in the field to be corrected; a played move leaves it.
      if (!this.view.legal.includes(mv)) { this.refuseTyped(mv); return; }
      input.value = '';
      this.submit(mv);
    });
    return form;
  }

  /**
   * refuseTyped says why a typed move is refused: the legal moves of the
   * piece selected on the board or, failing that, of the square the typed
   * move starts from; then the rule, when the game can name it.
   */
  refuseTyped(mv) {
    const from = this.input?.prefix.find((x) => x.k === 'sq')?.v || mv.slice(0, 2);
    const near = this.view.legal.filter((l) => l.startsWith(from));
    const hint = near.length ? t('notLegalFrom', mv, from, near.slice(0, 8).join(', ')) : t('notLegalHere', mv);
    this.say(hint);
    this.explain(mv, hint);
  }

  /**
   * explain asks the server which rule refuses move (a typed move, or the
   * squares clicked so far) and shows it before the message shown, unless
   * the position has changed meanwhile. The explanation is kept, so that
   * showing the same refusal again (a view pushed meanwhile) keeps it.
   */
  async explain(move, shown = this.el.message.textContent) {
    const input = this.input;
    let text = null;
    try { text = (await this.api.explain(this.id, move)).text; } catch { return; }
    if (!text || this.input !== input) return;
    this.explained = { shown, text: pick(text) + (shown ? ' ' + shown : '') };
    if (this.el.message.textContent === shown) this.say(this.explained.text);
  }

  /** claimNote says what opening an invite link gave, when it did not seat this player. */
  claimNote() {
    const c = this.claimed;
    let text = null;
    if (c?.taken) text = t('seats.takenBy', c.taken.player.name || '?');
    else if (c?.ownInvite) text = t('seats.ownInvite');
    else if (c?.error === 'no_seat') text = t('seats.inviteGone');
    return text ? h('p', { class: 'note claim-note', id: 'claim-note', role: 'status' }, text) : null;
  }

  connect() {
    this.sock = this.api.watch(this.id, null, (v) => this.render(v), (st) => {
      this.el.conn.textContent = st === 'closed' ? t('reconnecting') : st === 'gone' ? t('noGame') : '';
      this.el.conn.classList.toggle('warn', st !== 'open');
    });
  }

  close() {
    this.sock?.close();
    this.chat?.close();
    this.spectators?.stop();
    this.rematch?.stop();
    this.engine?.stop();
    this.premove.stop();
    document.removeEventListener('keydown', this.onKey);
    this.clocks.stop();
    this.turns.leave();
  }

  /** canAct tells whether this browser holds the seat to act now. */
  canAct() {
    const v = this.view;
    return v && v.result === 'ongoing' && this.tokens[v.toAct] !== undefined && v.seats[v.toAct].kind === 'human';
  }

  /** mayAct is canAct that says why not; a spectator is told nothing, being only a spectator. */
  mayAct() {
    if (this.canAct()) return true;
    if (!this.mine.length) return false;
    this.say(this.view && this.view.result !== 'ongoing' ? t('gameOver') : t('notYourTurn'));
    return false;
  }

  /**
   * say shows a message under the board: a refusal (in the alert colour,
   * announced at once) or, with kind 'info', news such as a hint.
   */
  say(msg, kind = 'error') {
    this.el.message.textContent = msg;
    this.el.message.classList.toggle('info', kind === 'info');
    this.el.message.setAttribute('role', kind === 'info' ? 'status' : 'alert');
  }

  colour(p) {
    return colourOf(this.view, p);
  }

  /** send runs call in turn and shows the view it answers; refused, when given, is the note a refusal shows instead of an error. */
  send(call, refused = '') {
    // Actions go one at a time, in the order clicked: a button pressed
    // while a move is on its way (its view may come by WebSocket first)
    // waits for it instead of being lost.
    const run = async () => {
      this.busy = true;
      try {
        this.render(await call());
      } catch (e) {
        if (refused && (e.status === 409 || e.status === 422)) this.say(refused, 'info');
        else this.say(e.status === 422 ? t('illegal', errorText(e)) : t('failed', errorText(e)));
        if (e.status === 409) this.render(await this.api.getGame(this.id).catch(() => this.view), true);
      } finally {
        this.busy = false;
      }
    };
    this.queue = this.queue.then(run);
    return this.queue;
  }

  submit(mv, confirmed = false) {
    // A move made on a board that a move on its way is about to change
    // would be refused as stale: it is not sent.
    if (!this.mayAct() || this.busy) return;
    this.say('');
    const v = this.view;
    // The player's setting may ask for a second click before a move goes.
    if (!confirmed && !this.api.device && settings.confirms(v.clock)) {
      this.pending = { mv, version: v.version };
      this.renderOffers();
      this.el.offers.querySelector('#confirm-move')?.focus();
      return;
    }
    this.pending = null;
    this.send(() => this.api.playMove(this.id, mv, v.moves.length));
  }

  /** confirmBox asks for the second click on a move the settings hold back; null when none waits. */
  confirmBox() {
    const p = this.pending;
    if (!p || p.version !== this.view.version) return null;
    return h('span', { class: 'confirm-move' }, [
      h('span', { class: 'note' }, t('confirmMove', p.mv)),
      this.button(t('confirm'), () => this.submit(p.mv, true), { id: 'confirm-move', class: 'primary' }),
      this.button(t('cancelMove'), () => { this.pending = null; this.input.reset(); this.showInput(); this.renderOffers(); }, { id: 'cancel-move' }),
    ]);
  }

  onSquare(sq) {
    if (!this.view) return;
    if (this.mayPremove()) { this.premoveSquare(sq); return; }
    if (!this.mayAct()) return;
    const clicked = this.input.prefix.filter((x) => x.k === 'sq').map((x) => x.v);
    const ok = this.input.square(sq);
    this.showInput();
    // A refused click names the rule when the game can (an
    // impasse rule): the squares clicked, written together, are asked about.
    if (ok === false && !this.input.sets.length) this.explain(clicked.join('') + sq);
  }

  /** mayPremove tells whether a click on the board now enters a premove (premove.js). */
  mayPremove() {
    return this.mine.length === 1 && !this.api.device && Premove.allowed(this.view, this.mine[0]);
  }

  /** activeInput is the input the option buttons feed: the premove's while one is entered. */
  activeInput() {
    return (this.mayPremove() && !this.premove.move && this.premove.current(this.view.position)) || this.input;
  }

  /**
   * premoveSquare takes a click while the opponent is to act: the first
   * asks the engine for the possible premoves; a click while a premove
   * waits, or one that starts none, drops what was entered.
   */
  async premoveSquare(sq) {
    const pm = this.premove;
    if (pm.move) { this.cancelPremove(); return; }
    const v = this.view;
    let input;
    try {
      input = await pm.ready(v, this.mine[0], this.adapter, this.model, (mv) => this.setPremove(mv));
    } catch {
      this.say(t('premove.failed'), 'info');
      return;
    }
    if (!input || this.view.position !== v.position || !this.mayPremove()) return;
    if (!input.seq.length && !input.sets.length) { this.say(t('premove.none'), 'info'); return; }
    if (input.square(sq) === false) input.reset();
    this.showInput();
  }

  /** setPremove keeps the premove entered; it goes at once if the turn came meanwhile. */
  setPremove(mv) {
    this.premove.move = mv;
    this.say('');
    this.firePremove(this.view);
    this.renderOffers();
    this.showInput();
  }

  cancelPremove() {
    this.premove.cancel();
    this.say(t('premove.cancelled'), 'info');
    this.renderOffers();
    this.showInput();
  }

  /**
   * firePremove sends the premove waiting as soon as view v gives this
   * player the turn, without a confirmation; one not legal then is
   * dropped with a note, never an error.
   */
  firePremove(v) {
    if (!this.premove.move) return;
    if (v.result !== 'ongoing') { this.premove.cancel(); return; }
    if (!this.canAct()) return;
    const mv = this.premove.take();
    if (!v.legal.includes(mv)) { this.say(t('premove.dropped', mv), 'info'); return; }
    this.say('');
    this.send(() => this.api.playMove(this.id, mv, v.moves.length), t('premove.dropped', mv));
  }

  /** premoveSquares returns the squares of the premove waiting. */
  premoveSquares() {
    return this.premove.move ? this.squaresOf(this.premove.move) : [];
  }

  /** premoveBox shows the premove waiting, with its Cancel. */
  premoveBox() {
    const mv = this.premove.move;
    if (!mv) return null;
    return h('span', { class: 'premove-box', id: 'premove' }, [
      h('span', { class: 'note' }, t('premove.set', mv)),
      this.button(t('premove.cancel'), () => this.cancelPremove(), { id: 'cancel-premove' }),
    ]);
  }

  /** render shows a view, ignoring one older than what is shown. */
  render(v, force = false) {
    if (!v || (this.view && v.version < this.view.version && !force)) return;
    const prev = this.view;
    this.view = v;
    if (prev) this.announce(prev, v);
    this.text?.update(v, prev);
    this.notationExample(v);
    const name = splitId(v.game).name;
    if (!this.board) this.makeBoard(name);
    this.model = parsePos(v.game, v.position);
    // The second player sees the board from their side, unless the game's
    // board reads the same for both.
    // The player's setting turns it the other way (settings.js).
    const flip = !info(name)?.fixedBoard && ((this.mine.length === 1 && this.mine[0] === 1) !== !!settings.get().flip);
    this.turn = this.lastTurn(v);
    this.board.set(this.model, { last: this.turn.marks, flip, animate: !!prev });
    if (!prev || prev.position !== v.position || prev.legal.join() !== v.legal.join()) {
      this.input = new MoveInput(this.adapter, this.model, v.legal, (mv) => this.submit(mv));
      this.explained = null;
    }
    this.firePremove(v);
    this.showInput();
    this.clocks.set(v, this.mine);
    this.renderStatus();
    this.renderSide();
    // One seat here: a turn coming back to it is news when the page is away.
    this.turns.see(v, this.mine.length === 1 && this.canAct(), titleOf(v));
    // The end of a game is news: bring the result and the board back into
    // view, wherever the page was scrolled to (a phone's resign button
    // sits far below the board).
    if (prev && prev.result === 'ongoing' && v.result !== 'ongoing') window.scrollTo({ top: 0 });
  }

  /**
   * lastTurn marks the last turn: the moves at the end of the game by the
   * player who moved last, which may be several moves in a row. A board
   * module that follows squares through a turn (turn) marks them as they
   * now stand and notes the moves whose squares moved.
   */
  lastTurn(v) {
    let from = v.moves.length;
    while (from > 0 && v.movers[from - 1] === v.movers[v.moves.length - 1]) from--;
    if (this.adapter.turn) {
      try {
        return this.adapter.turn(v.moves, from, parsePos(v.game, v.start), this.model);
      } catch (e) {
        console.warn('plateau: cannot follow the last turn', e);
      }
    }
    return { marks: v.moves.slice(from).flatMap((mv) => this.adapter.lastSquares(mv, this.model)), notes: [] };
  }

  /**
   * announce tells what changed since the view shown before: each move
   * another seat made and the result, in the live region for screen
   * readers, with a sound for every new move (a capture's own when the
   * engine's count of taken pieces grew).
   */
  announce(prev, v) {
    const added = v.moves.length - prev.moves.length;
    const parts = [];
    if (added > 0) {
      for (let i = prev.moves.length; i < v.moves.length; i++) {
        if (this.tokens[v.movers[i]] === undefined || this.mine.length === 2) parts.push(t('played', this.colour(v.movers[i]), v.moves[i]));
      }
      sound.play(v.taken > prev.taken ? 'capture' : 'move');
    }
    if (prev.result === 'ongoing' && v.result !== 'ongoing') parts.push(t('gameEnded', resultText(v, this.tokens)));
    if (parts.length) this.el.announce.textContent = parts.join(' ');
  }

  makeBoard(name) {
    this.adapter = adapterOf(name);
    this.board = new Board(this.adapter, { onSquare: (sq) => this.onSquare(sq), label: t('boardOf', titleOf(this.view)) });
    this.el.wrap.append(this.board.el);
    this.section.dataset.game = name;
    document.title = titleOf(this.view) + ' — Plateau';
  }

  /** showInput marks the board and lists the choices of the move being entered. */
  showInput() {
    const pre = this.mayPremove() ? this.premove.current(this.view.position) : null;
    const input = pre && !this.premove.move ? pre : this.canAct() ? this.input : null;
    const act = !!input;
    const st = act ? input.state() : { options: [] };
    this.board.mark({ ...st, hinted: this.hintSquares(), premove: this.premoveSquares() });
    this.el.prompt.textContent = act ? (pre ? t('premove.prompt') : st.prompt) : '';
    if (st.message) this.say(this.explained?.shown === st.message ? this.explained.text : st.message);
    const opts = st.options.map((o) => this.optionButton(o));
    if (st.confirm) opts.push(this.button(t('confirmTake', st.confirm), () => this.submit(st.confirm), { 'data-opt': 'confirm', class: 'opt primary' }));
    // A phase's hint explains a move that has no button of its own: none
    // is needed when the move's mode has its toggle.
    const hint = this.view.phase?.hint;
    opts.unshift(...(st.modes || []).map((o) => this.modeButton(o)));
    if (act && hint && !st.modes?.length) {
      // The hint's move is made on the board: the button says how, and
      // moves the keyboard focus there.
      opts.unshift(this.button(pick(hint.label), () => {
        this.say(pick(hint.text), 'info');
        const first = [...st.selectable, ...st.targets][0];
        if (first) this.board.focus(first);
      }, { 'data-opt': 'hint', class: 'opt hint' }));
    }
    if (act && (input.prefix.length || input.chosen.size)) {
      opts.push(this.button(t('cancelMove'), () => { input.reset(); this.showInput(); }, { class: 'opt' }));
    }
    clear(this.el.options, opts);
  }

  modeButton(o) {
    const icon = this.adapter.optIcon ? this.adapter.optIcon(o, this.model) : null;
    return this.button([icon, o.label], () => {
      this.activeInput().option(o.v);
      this.showInput();
    }, { 'data-opt': o.v, class: 'opt mode', 'aria-pressed': String(o.pressed) });
  }

  optionButton(o) {
    const icon = this.adapter.optIcon && !o.whole ? this.adapter.optIcon(o, this.model) : null;
    return this.button([icon, o.v === 'pass' ? t('pass') : o.label], () => {
      this.activeInput().option(o.v);
      this.showInput();
    }, { 'data-opt': o.v, class: 'opt' });
  }

  button(label, onclick, attrs = {}) {
    return h('button', { type: 'button', ...attrs, onclick }, label);
  }

  renderStatus() {
    const v = this.view;
    if (!this.api.device) this.ratings.want(v);
    clear(this.el.status, h('div', { class: 'players' }, [this.playerChip(0), this.playerChip(1)]), h('p', { class: 'turn', id: 'turn' }, this.turnText()),
      this.firstMoveNote(), this.awayNote());
    this.el.banner.hidden = v.result === 'ongoing';
    if (v.result === 'ongoing') return;
    // After the game: what can be done next. A rematch or a review goes
    // in .after-game when those exist.
    clear(this.el.banner, h('strong', {}, resultText(v, this.tokens)), ' ', h('span', {}, t('finalScore', v.scores[0], v.scores[1])), this.ratingChanges(),
      h('span', { class: 'after-game' }, [this.rematchEl(), h('a', { href: '#/replay/' + this.id }, t('replay')), h('a', { href: '#/review/' + this.id, id: 'review' }, t('review.link')), h('a', { href: '#/' }, t('newGame'))]),
      this.advice());
  }

  /** rematchEl is the rematch box for a player of a finished game between two people on two devices. */
  rematchEl() {
    const v = this.view;
    if (this.mine.length !== 1 || v.seats.some((s) => s.kind !== 'human')) return null;
    this.rematch ??= rematchBox(this.id, this.mine[0], this.tokens[this.mine[0]]);
    return this.rematch.el;
  }

  /** advice suggests the next AI level after a game against the AI, with a button that starts that game. */
  advice() {
    if (this.mine.length !== 1) return null;
    const v = this.view;
    const me = this.mine[0];
    return adviceFor(v, me, splitId(v.game).name, (level) => {
      const seats = [{ kind: 'human' }, { kind: 'human' }];
      seats[1 - me] = { kind: 'ai', level };
      startGame({ game: v.game, seats, me }, !!this.api.device).catch((e) => this.say(t('createFailed', errorText(e))));
    });
  }

  /** ratingChanges says what a rated game that ended did to each seated player's rating. */
  ratingChanges() {
    const v = this.view;
    if (!v.rated) return null;
    const parts = [0, 1].map((p) => {
      const c = ratingChange(this.ratings.of(v, p), this.id);
      if (!c) return null;
      return h('span', { class: 'rating-change', 'data-player': p }, t('ratings.changeOf', this.colour(p), c.rating, (c.delta >= 0 ? '+' : '−') + Math.abs(c.delta)));
    }).filter(Boolean);
    return parts.length ? h('span', { class: 'rating-changes', id: 'rating-changes' }, parts) : null;
  }

  /** chipRating is a seated player's rating in the game's pool, "?" when provisional. */
  chipRating(p) {
    const r = this.ratings.of(this.view, p);
    if (!r) return null;
    return h('span', { class: 'chip-rating', 'data-player': p, title: t('ratings.rating') }, String(r.rating) + (r.provisional ? '?' : ''));
  }

  playerChip(p) {
    const v = this.view;
    const seat = v.seats[p];
    return h('span', { class: 'player p' + p + (v.toAct === p && v.result === 'ongoing' ? ' to-act' : ''), 'data-player': p }, [
      this.adapter.chip ? this.adapter.chip(this.model, p) : h('span', { class: 'swatch', 'aria-hidden': 'true' }),
      seatName(v, p, this.tokens), this.chipRating(p),
      seat.kind === 'human' && this.tokens[p] === undefined ? h('span', { class: 'online' }, seat.connected ? t('online') : t('offline')) : null,
      h('strong', { class: 'score', 'aria-label': t('scoreOf', v.scores[p]) }, String(v.scores[p])),
      this.clocks.el(p),
    ]);
  }

  /**
   * awayNote tells the player of a real-time game that their opponent is
   * not connected (left, or not yet come): their clock runs all the same,
   * and the game ends by itself when it runs out.
   */
  awayNote() {
    const v = this.view;
    const other = this.mine.length === 1 ? 1 - this.mine[0] : -1;
    if (other < 0 || v.result !== 'ongoing' || v.clock?.kind !== 'realtime' || v.seats[other].kind !== 'human' || v.seats[other].connected) return null;
    // Only the clock of the player to act runs: on your turn it is yours.
    const text = v.toAct === other ? t('clock.away', this.colour(other)) : t('clock.awayIdle', this.colour(other));
    return h('p', { class: 'note away', id: 'away', role: 'status' }, text);
  }

  /**
   * firstMoveNote says in plain words what the clock shows before a
   * player's first move: a limit to start the game, not their time
   * (once only a hover title said it, which a phone never shows).
   */
  firstMoveNote() {
    const v = this.view;
    const c = v.clock;
    if (v.result !== 'ongoing' || !c || !c.firstMove?.[v.toAct]) return null;
    const who = this.tokens[v.toAct] !== undefined && this.mine.length === 1 ? t('clock.firstMoveYou') : t('clock.firstMoveOf', this.colour(v.toAct));
    return h('p', { class: 'note first-move', id: 'first-move', role: 'status' }, who);
  }

  turnText() {
    const v = this.view;
    if (v.result !== 'ongoing') return t('finished');
    if (!this.mine.length) return t('watchingTurn', this.colour(v.toAct));
    if (v.aiThinking) return h('span', { class: 'thinking', id: 'thinking' }, [h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('aiThinking')]);
    if (this.canAct()) return this.mine.length === 2 ? t('toPlay', this.colour(v.toAct)) : t('yourTurn');
    return t('waitingFor', this.colour(v.toAct));
  }

  renderSide() {
    const v = this.view;
    const over = v.result !== 'ongoing';
    const phase = over ? null : v.phase;
    this.section.classList.toggle('over', over);
    this.el.form.hidden = over;
    clear(this.el.panel, this.adapter.panel(this.model), phase ? h('p', { class: 'phase' }, pick(phase.about)) : null);
    clear(this.el.moves, moveList(v, (i) => `#/replay/${this.id}/${i + 1}`, (i) => this.turn?.notes[i]));
    // Scroll the list only: scrollIntoView would scroll the page too and
    // push the board off a phone's screen.
    this.el.moves.scrollTop = this.el.moves.scrollHeight;
    this.renderInvite();
    this.plan?.update(v, this.mine[0]);
    this.renderActions();
    this.exporter.set(v.position);
    this.el.rated.hidden = !v.rated;
    // Block or report the opponent, once their seat names them (safety.js).
    const opp = this.mine.length === 1 ? v.seats[1 - this.mine[0]]?.player : null;
    if (opp && !this.safetyShown) { this.safetyShown = true; this.el.rated.after(h('p', { class: 'safety-bar', id: 'game-safety' }, safetyControls(opp, { game: this.id }))); }
    this.el.hints.hidden = !v.hints;
    this.el.hints.textContent = v.hints ? t('hintsUsedGame', v.hints) : '';
  }

  /**
   * renderInvite shows the creator the invite link until someone accepts
   * it, with buttons to cancel it or make a new one (the old link then
   * only watches).
   */
  renderInvite() {
    const v = this.view;
    const seat = this.inviteSeat;
    if (seat === undefined || seat === null || v.seats[seat].player || v.result !== 'ongoing') { clear(this.el.invite); return; }
    const invite = localStorage.getItem('plateau:invite:' + this.id);
    const renew = this.button(t('seats.renewInvite'), () => this.inviteAction('renew'), { id: 'renew-invite' });
    if (!invite) { clear(this.el.invite, h('p', { class: 'note', id: 'invite-cancelled' }, t('seats.inviteCancelled')), renew); return; }
    const url = /^https?:\/\//.test(invite) ? invite : location.origin + invite; // absolute with --public-url
    const field = h('input', { id: 'invite-url', readonly: true, value: url, 'aria-label': t('inviteLink') });
    clear(this.el.invite, h('p', {}, t('inviteFriend')), field, this.button(t('copy'), async (e) => {
      try { await navigator.clipboard.writeText(url); } catch { field.select(); document.execCommand('copy'); }
      e.target.textContent = t('copied');
    }, { id: 'copy-invite' }), this.button(t('seats.cancelInvite'), () => this.inviteAction('cancel'), { id: 'cancel-invite' }), renew);
  }

  /** inviteAction cancels or renews the invite, and shows the outcome. */
  async inviteAction(action) {
    try {
      const res = await this.api.invite(this.id, action);
      if (res.invite) localStorage.setItem('plateau:invite:' + this.id, res.inviteURL || res.invite);
      else localStorage.removeItem('plateau:invite:' + this.id);
    } catch (e) {
      this.say(t('failed', errorText(e)));
      if (e.code === 'no_invite') this.inviteSeat = undefined;
    }
    this.renderInvite();
  }

  renderActions() {
    const v = this.view;
    const acts = [this.declinedNote()];
    if (v.result === 'ongoing' && this.mine.length) {
      const me = this.tokens[v.toAct] !== undefined ? v.toAct : this.mine[0];
      acts.push(this.resignButton(me));
      if (this.mine.length === 1) acts.push(...this.drawButtons(me));
    }
    acts.push(...this.undoButtons());
    if (this.mayHint()) acts.push(this.hintButton());
    if (!this.mine.length) acts.push(h('span', { class: 'note' }, t('spectating')));
    acts.push(h('a', { href: '#/replay/' + this.id, class: 'button' }, t('replay')));
    // Re-rendering must not drop the keyboard's focus to the page
    // ("Really resign?" replaced the button being pressed): the button
    // of the same id, or else the first action, keeps it.
    const had = this.el.actions.contains(document.activeElement) ? document.activeElement.id || '-' : '';
    clear(this.el.actions, acts);
    if (had) (this.el.actions.querySelector(had !== '-' ? '#' + had : 'button, a') || this.el.actions.querySelector('button, a'))?.focus({ preventScroll: true });
    this.renderOffers();
  }

  /**
   * renderOffers shows beside the board what awaits this player's answer,
   * with its Accept and Decline, and the chat's news with a badge.
   */
  renderOffers() {
    const v = this.view;
    const kids = [this.confirmBox(), this.premoveBox()].filter(Boolean);
    const me = this.mine.length === 1 ? this.mine[0] : -1;
    if (me >= 0 && v.result === 'ongoing') {
      const ask = (text, call, id) => kids.push(h('span', { class: 'note' }, text),
        this.button(t('accept'), () => this.send(() => call('accept')), { id: 'bar-accept-' + id, class: 'primary' }),
        this.button(t('decline'), () => this.send(() => call('decline')), { id: 'bar-decline-' + id }));
      if (v.drawOffer === 1 - me) ask(t('drawOfferedToYou'), (a) => this.api.draw(this.id, undefined, a), 'draw');
      if (v.takeBack === 1 - me) ask(t('takeBackAskedOfYou'), (a) => this.api.undo(this.id, undefined, a), 'takeback');
    }
    if (this.chatNews > 0) {
      kids.push(this.button([t('chat.news'), ' ', h('span', { class: 'badge', id: 'chat-badge' }, String(this.chatNews))], () => {
        this.chatNews = 0;
        this.renderOffers();
        this.chat.el.scrollIntoView({ block: 'center' });
        this.chat.el.querySelector('#chat-input')?.focus({ preventScroll: true });
      }, { id: 'chat-news', class: 'link' }));
    }
    clear(this.el.offers, kids);
  }

  /** onChatNews counts a line from someone else, unless the chat is in sight. */
  onChatNews() {
    const r = this.chat.el.getBoundingClientRect();
    if (r.top < innerHeight && r.bottom > 0 && r.height > 0) return;
    this.chatNews++;
    this.renderOffers();
  }

  /**
   * mayHint tells whether a hint may be asked for: a casual game of this
   * browser's one seat against the AI, on its turn.
   */
  mayHint() {
    const v = this.view;
    return this.mine.length === 1 && v.seats[1 - this.mine[0]].kind === 'ai' && this.canAct();
  }

  hintButton() {
    return this.button(this.hinting ? [h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('hintThinking')] : t('hint'),
      () => this.hint(), { id: 'hint', disabled: this.hinting, 'aria-busy': String(this.hinting) });
  }

  /**
   * hint shows the engine's best move without playing it. The server
   * marks the game first, so that no hint is ever shown unmarked; the
   * search runs in the engine's worker, and the page stays responsive.
   * A hint found after the position changed is not shown.
   */
  async hint() {
    if (this.hinting || !this.mayHint()) return;
    this.hinting = true;
    this.renderActions();
    try {
      this.render(await this.api.hint(this.id));
      const v = this.view;
      this.engine ||= new Engine();
      await this.engine.ask(`newgame ${v.game} ${v.position}`);
      const best = (await this.engine.ask(`go movetime ${hintTime}`)).find((l) => l.startsWith('bestmove '));
      const mv = best?.slice('bestmove '.length).trim();
      if (this.view.position !== v.position) return;
      if (!mv || !v.legal.includes(mv)) { this.say(t('hintNone')); return; }
      this.hinted = { position: v.position, move: mv };
      this.section.dataset.hint = mv; // the move itself, for tests and scripts
      this.say(t('hintIs', mv), 'info');
    } catch (e) {
      this.say(t('hintFailed', errorText(e)));
    } finally {
      this.hinting = false;
      this.renderActions();
      this.showInput();
    }
  }

  /** hintSquares returns the squares of the hint shown, while its position is on the board. */
  hintSquares() {
    const hd = this.hinted;
    if (!hd || hd.position !== this.view.position) return [];
    return this.squaresOf(hd.move);
  }

  /** squaresOf returns the squares a move names on the board shown. */
  squaresOf(mv) {
    try {
      return this.adapter.lastSquares(mv, this.model).map((e) => (typeof e === 'string' ? e : e.sq));
    } catch {
      return [];
    }
  }

  /** declinedNote tells everyone that the last change declined a draw offer or a take-back request. */
  declinedNote() {
    const d = this.view.declined;
    if (!d) return null;
    const what = t('offer.' + d.offer);
    let text;
    if (this.tokens[d.by] !== undefined && this.mine.length === 1) text = t('declinedYou', what);
    else if (this.view.seats[d.by].kind === 'ai') text = t('declinedAI', what);
    else if (this.mine.length === 1) text = t('declinedOpp', what);
    else text = t('declinedBy', what, this.colour(d.by));
    return h('p', { class: 'note declined', id: 'declined', role: 'status' }, text);
  }

  resignButton(me) {
    return this.button(this.confirmResign ? t('confirmResign') : t('resign'), () => {
      // Two clicks: a misplaced tap must not end the game.
      this.confirmResign = !this.confirmResign;
      if (this.confirmResign) { this.renderActions(); return; }
      this.send(() => this.api.resign(this.id));
    }, { id: 'resign', class: this.confirmResign ? 'danger' : '' });
  }

  drawButtons(me) {
    const offer = this.view.drawOffer;
    const act = (action) => () => this.send(() => this.api.draw(this.id, undefined, action));
    if (offer === null || offer === undefined) return [this.button(t('offerDraw'), act('offer'), { id: 'offer-draw' })];
    if (offer === me) return [h('span', { class: 'note' }, t('drawOffered')), this.button(t('withdraw'), act('decline'), { id: 'withdraw-draw' })];
    return [h('span', { class: 'note' }, t('drawOfferedToYou')), this.button(t('accept'), act('accept'), { id: 'accept-draw' }),
      this.button(t('decline'), act('decline'), { id: 'decline-draw' })];
  }

  /**
   * undoButtons offers a take-back: at once against the AI and at one
   * device holding both seats; between friends, a request the opponent
   * accepts or declines. Never once the game is over.
   */
  undoButtons() {
    const v = this.view;
    if (!this.mine.length || v.result !== 'ongoing') return [];
    if (this.mine.length === 2) {
      if (!v.movers.length) return [];
      return [this.button(t('undo'), () => this.send(() => this.api.undo(this.id, undefined, 'request')), { id: 'undo' })];
    }
    const me = this.mine[0];
    const act = (action) => () => this.send(() => this.api.undo(this.id, undefined, action));
    if (v.takeBack === 1 - me) {
      return [h('span', { class: 'note' }, t('takeBackAskedOfYou')), this.button(t('accept'), act('accept'), { id: 'accept-takeback' }),
        this.button(t('decline'), act('decline'), { id: 'decline-takeback' })];
    }
    if (!v.movers.includes(me)) return [];
    if (v.seats[1 - me].kind === 'ai') return [this.button(t('undo'), act('request'), { id: 'undo' })];
    if (v.takeBack === me) return [h('span', { class: 'note' }, t('takeBackAsked')), this.button(t('withdraw'), act('decline'), { id: 'withdraw-takeback' })];
    return [this.button(t('askTakeBack'), act('request'), { id: 'undo' })];
  }
}
