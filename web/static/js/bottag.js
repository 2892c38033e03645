// The BOT tag shown beside a bot account's name wherever it appears
// (docs/bots.md): every player reference of the API carries "bot".

import { h } from './dom.js';
import { t } from './i18n.js';

/** botTag is the tag for a player reference, or null for a person. */
export const botTag = (ref) => (ref?.bot ? h('abbr', { class: 'tag bot-tag', title: t('bots.tagTitle') }, t('bots.tag')) : null);

/** botSuffix is the tag as text, for names shown as plain text. */
export const botSuffix = (ref) => (ref?.bot ? ' [' + t('bots.tag') + ']' : '');
