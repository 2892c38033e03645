// Words of the interface grouped by concern: each concern (players,
// lobby, clocks...) keeps its English and French in a module of its own,
// exporting EN and FR, and is listed here once. i18n.js merges them, and
// refuses (in the console and in web/browsertest's French test) a key
// that two concerns both define.

import * as review from './review.js';

export const CONCERNS = [
  review,
];
