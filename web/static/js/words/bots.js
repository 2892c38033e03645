// Words of bots (docs/bots.md): the BOT tag beside a bot's name, the
// online bots page, and the bot API's refusals.

export const EN = {
  'bots.tag': 'BOT',
  'bots.tagTitle': 'A bot: a program playing through the bot API',
  'bots.title': 'Bots',
  'bots.heading': 'Online bots',
  'bots.about': 'Programs playing through the bot API (docs/bots.md). Challenge one from its page; bots have ratings of their own.',
  'bots.none': 'No bot yet.',
  'bots.online': 'online',
  'bots.offline': 'offline',
  'bots.playing': 'playing {0}',
  'bots.unrated': 'not rated yet',
  'bots.challenge': 'Challenge',
  'code.bot_api_only': 'A bot plays only through the bot API, with its key.',
  'code.not_bot': 'This is not a bot account.',
  'code.bot_not_account': 'Only an account can become a bot, not a guest.',
  'code.rated_games': 'An account with rated games against people cannot become a bot.',
  'code.already_bot': 'This account is a bot already.',
  'code.too_many_streams': 'Too many streams open; close one first.',
};

export const FR = {
  'bots.tag': 'BOT',
  'bots.tagTitle': 'Un bot : un programme qui joue par l\'API des bots',
  'bots.title': 'Bots',
  'bots.heading': 'Bots en ligne',
  'bots.about': 'Des programmes qui jouent par l\'API des bots (docs/bots.md). Défiez-en un depuis sa page ; les bots ont leur propre classement.',
  'bots.none': 'Aucun bot pour l\'instant.',
  'bots.online': 'en ligne',
  'bots.offline': 'hors ligne',
  'bots.playing': 'joue {0}',
  'bots.unrated': 'pas encore classé',
  'bots.challenge': 'Défier',
  'code.bot_api_only': 'Un bot ne joue que par l\'API des bots, avec sa clé.',
  'code.not_bot': 'Ce compte n\'est pas un bot.',
  'code.bot_not_account': 'Seul un compte peut devenir un bot, pas un invité.',
  'code.rated_games': 'Un compte qui a joué des parties classées contre des personnes ne peut pas devenir un bot.',
  'code.already_bot': 'Ce compte est déjà un bot.',
  'code.too_many_streams': 'Trop de flux ouverts ; fermez-en un d\'abord.',
};
