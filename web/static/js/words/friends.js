// Words of friends (issue 30, point 15).

export const EN = {
  'friends.title': 'Friends',
  'friends.lead': 'The players you follow. Only you see this list; they are not told.',
  'friends.none': 'You follow nobody yet: follow a player from their page.',
  'friends.follow': 'Follow',
  'friends.unfollow': 'Unfollow',
  'friends.watch': 'playing now: watch',
  'code.follow_self': 'You cannot follow yourself.',
  'code.follow_not_found': 'That player does not exist.',
  'code.too_many_follows': 'You follow as many players as you can: unfollow one first.',
};

export const FR = {
  'friends.title': 'Amis',
  'friends.lead': 'Les joueurs que vous suivez. Vous seul voyez cette liste ; ils n\'en sont pas avertis.',
  'friends.none': 'Vous ne suivez personne : suivez un joueur depuis sa page.',
  'friends.follow': 'Suivre',
  'friends.unfollow': 'Ne plus suivre',
  'friends.watch': 'en partie : regarder',
  'code.follow_self': 'Vous ne pouvez pas vous suivre vous-même.',
  'code.follow_not_found': 'Ce joueur n\'existe pas.',
  'code.too_many_follows': 'Vous suivez autant de joueurs que possible : cessez d\'en suivre un d\'abord.',
};
