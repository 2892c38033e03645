// Words of the interface grouped by concern: each concern (players,
// lobby, clocks...) keeps its English and French in a module of its own,
// exporting EN and FR, and is listed here once. i18n.js merges them, and
// refuses (in the console and in web/browsertest's French test) a key
// that two concerns both define.

import * as bots from './bots.js';
import * as chat from './chat.js';
import * as clock from './clock.js';
import * as device from './device.js';
import * as friends from './friends.js';
import * as lab from './lab.js';
import * as lessons from './lessons.js';
import * as lobby from './lobby.js';
import * as notify from './notify.js';
import * as players from './players.js';
import * as premove from './premove.js';
import * as puzzles from './puzzles.js';
import * as ratings from './ratings.js';
import * as review from './review.js';
import * as safety from './safety.js';
import * as seats from './seats.js';
import * as settings from './settings.js';
import * as tournaments from './tournaments.js';
import * as share from './share.js';
import * as text from './text.js';

export const CONCERNS = [
  bots,
  chat,
  clock,
  device,
  friends,
  lab,
  lessons,
  lobby,
  notify,
  players,
  premove,
  puzzles,
  ratings,
  review,
  safety,
  seats,
  settings,
  tournaments,
  share,
  text,
];
