// The four games' adapters and what the pages say about them.

import * as yoxii from './games/yoxii.js';
import * as oshi from './games/oshi.js';
import * as oxford from './games/oxford.js';
import * as abraxas from './games/abraxas.js';
import * as generic from './games/generic.js';

/** ADAPTERS maps a game name to its adapter module. */
export const ADAPTERS = { oxford, oshi, yoxii, abraxas };

/** ORDER is the order games appear in on the home page. */
export const ORDER = ['oxford', 'oshi', 'yoxii', 'abraxas'];

/** START gives each game's start position, for pages without a server. */
export const START = {
  yoxii: '3/5/7/3T3/7/5/3 w',
  oshi: 't7t/2dsssd2/4s4/9/9/9/4S4/2DSSSD2/T7T r 0-0 -',
  oxford: 'oxoxox/xoxoxo/6/6/6/6/OXOXOX/XOXOXO r',
  abraxas: '9/9/9/9/9/9/9/9/9 1 - 2 corner 0-0 3-3 -',
};

/** splitId parses "abraxas:board=2,push=free" into name and options. */
export function splitId(id) {
  const [name, rest] = id.split(':');
  const opts = {};
  if (rest) for (const kv of rest.split(',')) { const [k, v] = kv.split('='); opts[k] = v; }
  return { name, opts };
}

/** adapter returns a game's adapter, or the generic one for games this client does not know. */
export function adapter(name) {
  return ADAPTERS[name] || generic;
}

/** parsePos parses a position of a game id with its adapter. */
export function parsePos(id, pos) {
  const { name, opts } = splitId(id);
  return adapter(name).parse(pos, opts);
}
