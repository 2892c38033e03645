// The game page: the board, the guided move input, the side panel with
// scores, hands, move list and actions, kept in step with the server
// through the game's WebSocket.

import { h, clear } from '../dom.js';
import { t } from '../i18n.js';
import { ADAPTERS, splitId, parsePos } from '../games.js';
import { Board } from '../board.js';
import { MoveInput } from '../input.js';
import * as api from '../api.js';
import { seatName, resultText, moveList } from './common.js';

export async function play(main, id) {
  const tokens = api.seats(id);
  const mine = Object.keys(tokens).map(Number);
  const el = {
    status: h('div', { class: 'status', 'aria-live': 'polite' }),
    banner: h('div', { class: 'banner', role: 'status', hidden: true }),
    prompt: h('p', { class: 'prompt', id: 'prompt' }),
    message: h('p', { class: 'message', role: 'alert', id: 'message' }),
    options: h('div', { class: 'options', id: 'options' }),
    panel: h('div', { class: 'panel' }),
    invite: h('div', { class: 'invite' }),
    actions: h('div', { class: 'actions game-actions' }),
    moves: h('ol', { class: 'movelist', id: 'movelist', 'aria-label': t('moveList') }),
    conn: h('p', { class: 'conn', role: 'status' }),
  };
  const notation = h('input', { id: 'notation', name: 'move', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'notation-help' });
  const form = h('form', { class: 'notation' }, [
    h('label', { for: 'notation' }, t('typeMove')), notation,
    h('button', { type: 'submit' }, t('play')),
    h('small', { id: 'notation-help' }, t('typeMoveHelp')),
  ]);
  const wrap = h('div', { class: 'board-wrap' });
  const section = h('section', { class: 'game', 'aria-label': t('game') }, [
    h('div', { class: 'game-main' }, [el.status, el.banner, wrap]),
    h('aside', { class: 'side' }, [el.conn, el.prompt, el.message, el.options, el.panel, el.invite, el.actions, form, h('h2', { class: 'small' }, t('moveList')), el.moves]),
  ]);
  clear(main, section);

  let view = null, model = null, adapter = null, board = null, input = null, busy = false, confirmResign = false;

  const actingToken = () => (view && tokens[view.toAct]) || tokens[mine[0]];
  const canAct = () => view && view.result === 'ongoing' && tokens[view.toAct] !== undefined && view.seats[view.toAct].kind === 'human';

  async function send(fn) {
    if (busy) return;
    busy = true;
    try {
      render(await fn());
    } catch (e) {
      say(e.status === 422 ? t('illegal', e.message) : t('failed', e.message));
      if (e.status === 409) render(await api.getGame(id).catch(() => view), true);
    } finally {
      busy = false;
    }
  }

  function say(msg) {
    el.message.textContent = msg;
  }

  function submit(mv) {
    if (!canAct()) { say(view.result !== 'ongoing' ? t('gameOver') : t('notYourTurn')); return; }
    say('');
    send(() => api.playMove(id, mv, view.moves.length, tokens[view.toAct]));
  }

  function onSquare(sq) {
    if (!view) return;
    if (!canAct()) { say(view.result !== 'ongoing' ? t('gameOver') : t('notYourTurn')); return; }
    input.square(sq);
    showInput();
  }

  function showInput() {
    const st = input && canAct() ? input.state() : { options: [] };
    board.mark(st);
    el.prompt.textContent = canAct() ? st.prompt : '';
    if (st.message) say(st.message);
    const opts = st.options.map((o) => h('button', {
      type: 'button', class: 'opt', 'data-opt': o.v,
      onclick: () => { input.option(o.v); showInput(); },
    }, [adapter.optIcon && !o.whole ? adapter.optIcon(o, model) : null, o.v === 'pass' ? t('pass') : o.label]));
    if (st.confirm) opts.push(h('button', { type: 'button', class: 'opt primary', 'data-opt': 'confirm', onclick: () => submit(st.confirm) }, t('confirmTake', st.confirm)));
    if (canAct() && model.phase === 'interrupt') {
      opts.unshift(h('button', { type: 'button', class: 'opt stop', 'data-opt': 'stop!', onclick: () => { say(t('abraxas.stopHint')); board.focus([...st.selectable, ...st.targets][0]); } }, t('abraxas.stopBtn')));
    }
    if (input && (input.prefix.length || input.chosen.size)) opts.push(h('button', { type: 'button', class: 'opt', onclick: () => { input.reset(); showInput(); } }, t('cancelMove')));
    clear(el.options, opts);
  }

  function render(v, force = false) {
    if (!v || (view && v.version < view.version && !force)) return;
    const prev = view;
    view = v;
    const { name } = splitId(v.game);
    if (!adapter) {
      adapter = ADAPTERS[name];
      board = new Board(adapter, { onSquare, label: t('boardOf', t(name + '.title')) });
      wrap.append(board.el);
      section.dataset.game = name;
      document.title = t(name + '.title') + ' — Plateau';
    }
    model = parsePos(v.game, v.position);
    const flip = name !== 'abraxas' && mine.length === 1 && mine[0] === 1;
    const last = v.moves.length ? adapter.lastSquares(v.moves[v.moves.length - 1]) : [];
    board.set(model, { last, flip, animate: !!prev });
    if (!prev || prev.position !== v.position || prev.legal.join() !== v.legal.join()) {
      input = new MoveInput(adapter, model, v.legal, submit);
    }
    showInput();
    renderStatus();
    renderSide();
  }

  function renderStatus() {
    const v = view;
    const who = (p) => h('span', { class: 'player p' + p + (v.toAct === p && v.result === 'ongoing' ? ' to-act' : ''), 'data-player': p }, [
      h('span', { class: 'swatch', 'aria-hidden': 'true' }),
      seatName(v, p, tokens),
      v.seats[p].kind === 'human' && !tokens[p] ? h('span', { class: 'online' }, v.seats[p].connected ? t('online') : t('offline')) : null,
      h('strong', { class: 'score', 'aria-label': t('scoreOf', v.scores[p]) }, String(v.scores[p])),
    ]);
    let turn;
    if (v.result !== 'ongoing') turn = t('finished');
    else if (v.aiThinking) turn = h('span', { class: 'thinking', id: 'thinking' }, [h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('aiThinking')]);
    else if (canAct()) turn = mine.length === 2 ? t('toPlay', colour(v.toAct)) : t('yourTurn');
    else turn = t('waitingFor', colour(v.toAct));
    clear(el.status, h('div', { class: 'players' }, [who(0), who(1)]), h('p', { class: 'turn', id: 'turn' }, turn));
    if (v.result !== 'ongoing') {
      el.banner.hidden = false;
      clear(el.banner, h('strong', {}, resultText(v, tokens)), ' ', h('span', {}, t('finalScore', v.scores[0], v.scores[1])), ' ',
        h('a', { href: '#/replay/' + id }, t('replay')), ' ', h('a', { href: '#/' }, t('newGame')));
    } else el.banner.hidden = true;
  }

  const colour = (p) => t(splitId(view.game).name + '.p' + p);

  function renderSide() {
    const v = view;
    clear(el.panel, adapter.panel(model));
    clear(el.moves, moveList(v, (i) => `#/replay/${id}/${i + 1}`));
    el.moves.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
    renderInvite();
    renderActions();
  }

  function renderInvite() {
    const invite = localStorage.getItem('plateau:invite:' + id);
    const other = mine.length === 1 ? 1 - mine[0] : -1;
    if (!invite || other < 0 || v().seats[other].connected || v().result !== 'ongoing' || v().moves.length > 1) { clear(el.invite); return; }
    const url = location.origin + invite;
    const field = h('input', { id: 'invite-url', readonly: true, value: url, 'aria-label': t('inviteLink') });
    clear(el.invite, h('p', {}, t('inviteFriend')), field, h('button', {
      type: 'button', id: 'copy-invite',
      onclick: async (e) => {
        try { await navigator.clipboard.writeText(url); } catch { field.select(); document.execCommand('copy'); }
        e.target.textContent = t('copied');
      },
    }, t('copy')));
  }
  const v = () => view;

  function renderActions() {
    const vw = view;
    const acts = [];
    if (vw.result === 'ongoing' && mine.length) {
      const me = tokens[vw.toAct] ? vw.toAct : mine[0];
      const opp = 1 - me;
      acts.push(h('button', {
        type: 'button', id: 'resign', class: confirmResign ? 'danger' : '',
        onclick: () => {
          if (!confirmResign) { confirmResign = true; renderActions(); return; }
          confirmResign = false;
          send(() => api.resign(id, tokens[me]));
        },
      }, confirmResign ? t('confirmResign') : t('resign')));
      if (mine.length === 1) {
        if (vw.drawOffer === null || vw.drawOffer === undefined) acts.push(h('button', { type: 'button', id: 'offer-draw', onclick: () => send(() => api.draw(id, tokens[me], 'offer')) }, t('offerDraw')));
        else if (vw.drawOffer === me) acts.push(h('span', { class: 'note' }, t('drawOffered')), h('button', { type: 'button', onclick: () => send(() => api.draw(id, tokens[me], 'decline')) }, t('withdraw')));
        else acts.push(h('span', { class: 'note' }, t('drawOfferedToYou')),
          h('button', { type: 'button', id: 'accept-draw', onclick: () => send(() => api.draw(id, tokens[me], 'accept')) }, t('accept')),
          h('button', { type: 'button', onclick: () => send(() => api.draw(id, tokens[me], 'decline')) }, t('decline')));
      }
      if (vw.seats[opp].kind === 'ai' && vw.movers.includes(me)) acts.push(h('button', { type: 'button', id: 'undo', onclick: () => send(() => api.undo(id, tokens[me])) }, t('undo')));
    } else if (mine.length === 1 && vw.seats[1 - mine[0]].kind === 'ai' && !['resignation', 'draw agreed'].includes(vw.reason) && vw.movers.includes(mine[0])) {
      acts.push(h('button', { type: 'button', id: 'undo', onclick: () => send(() => api.undo(id, tokens[mine[0]])) }, t('undo')));
    }
    if (!mine.length) acts.push(h('span', { class: 'note' }, t('spectating')));
    acts.push(h('a', { href: '#/replay/' + id, class: 'button' }, t('replay')));
    clear(el.actions, acts);
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const mv = notation.value.trim().toLowerCase();
    if (!mv) return;
    if (!canAct()) { say(view && view.result !== 'ongoing' ? t('gameOver') : t('notYourTurn')); return; }
    if (!view.legal.includes(mv)) { say(t('notLegal', mv, view.legal.slice(0, 3).join(', '))); return; }
    notation.value = '';
    submit(mv);
  });

  try {
    render(await api.getGame(id));
  } catch (e) {
    clear(main, h('h1', {}, t('noGame')), h('p', {}, e.message), h('p', {}, h('a', { href: '#/' }, t('home'))));
    return null;
  }
  const sock = api.watch(id, actingToken(), (nv) => render(nv), (st) => {
    el.conn.textContent = st === 'closed' ? t('reconnecting') : st === 'gone' ? t('noGame') : '';
    el.conn.classList.toggle('warn', st !== 'open');
  });
  window.plateauSocket = sock; // tests drop it to check reconnection
  return () => sock.close();
}
