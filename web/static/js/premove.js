// Premoves (issue 30, point 13): in a real-time game, the one move a
// player enters while the opponent is to act, shown on the board and
// sent the moment the turn comes back, if it is legal then. The moves a
// player may premove are every move legal after one of the opponent's
// replies, found by the engine on this device (the rules stay in one
// place); the clicks are guided by the same MoveInput as a normal move.

import { Engine } from './engine.js';
import { MoveInput } from './input.js';
import * as settings from './settings.js';

/**
 * replies returns, sorted, every move seat me may make in position
 * after one move of the player to act there, asking engine (an Engine):
 * positions where the other side acts again add nothing.
 */
export async function replies(engine, gameId, position, me) {
  await engine.ask(`newgame ${gameId} ${position}`);
  const [line = ''] = await engine.ask('validmoves');
  const out = new Set();
  for (const mv of line.split(' ').filter(Boolean)) {
    await engine.ask('play ' + mv);
    const v = JSON.parse((await engine.ask('view'))[0]);
    if (v.result === 'ongoing' && v.toAct === me) for (const m of v.legal) out.add(m);
    await engine.ask('undo');
  }
  return [...out].sort();
}

/** Premove holds the premove of one game page: the move being entered, then the move waiting. */
export class Premove {
  constructor() {
    this.engine = null; // started at the first premove
    this.key = null;    // the position the input was made for
    this.input = null;  // a MoveInput over the possible premoves
    this.move = null;   // the premove waiting for the turn
    this.making = null; // the input being made: {key, promise}
  }

  /**
   * allowed tells whether seat me may premove in view v: a real-time game
   * going on, the other side to act, and the player's setting on.
   */
  static allowed(v, me) {
    return v.result === 'ongoing' && v.clock?.kind === 'realtime' && v.toAct !== me && settings.get().premove !== false;
  }

  /**
   * ready returns the input for view v's position, made once per
   * position (onMove gets the move entered), or null if the position
   * changed while it was being made.
   */
  async ready(v, me, adapter, model, onMove) {
    if (this.key === v.position && this.input) return this.input;
    if (this.making?.key !== v.position) {
      this.engine ||= new Engine();
      this.making = { key: v.position, promise: replies(this.engine, v.game, v.position, me) };
    }
    const making = this.making;
    const legal = await making.promise;
    // Clicks made while the engine worked each wait here: the first made the input.
    if (this.key === v.position && this.input) return this.input;
    if (this.making !== making) return null;
    this.making = null;
    this.key = v.position;
    this.input = new MoveInput(adapter, model, legal, onMove);
    return this.input;
  }

  /** current returns the input of position pos when it is made, else null. */
  current(pos) {
    return this.key === pos ? this.input : null;
  }

  /** busy tells whether a premove waits or is being entered. */
  busy() {
    return !!(this.move || this.input?.prefix.length || this.input?.chosen.size);
  }

  /** cancel drops the premove and what was entered of it. */
  cancel() {
    this.move = null;
    this.input?.reset();
  }

  /** take returns the premove waiting and forgets it. */
  take() {
    const mv = this.move;
    this.cancel();
    return mv;
  }

  stop() {
    this.engine?.stop();
  }
}
