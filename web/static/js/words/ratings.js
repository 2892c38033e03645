// Words of ratings: the new-game dialog's rated choice and levels on the
// rating scale, leaderboards, the rating history chart.

export const EN = {
  'ratings.levelAbout': '{0}, about {1}',
  'ratings.rated': 'Rated game',
  'ratings.ratedNote': 'Rated game: it counts for both players\' ratings.',
  'ratings.ratedGame': 'Rated game',
  'ratings.leaderboard': 'Leaderboard',
  'ratings.leaderboardOf': 'Leaderboard of {0}',
  'ratings.rank': 'Rank',
  'ratings.player': 'Player',
  'ratings.rating': 'Rating',
  'ratings.games': 'Rated games',
  'ratings.provisional': 'provisional',
  'ratings.provisionalNote': '? marks a provisional rating: too few games yet to be sure of it.',
  'ratings.none': 'No rated games yet.',
  'ratings.history': 'Rating history',
  'ratings.chartOf': 'Rating in {0} after each rated game',
  'ratings.pointOf': '{0} after game {1}',
  'ratings.ratings': 'Ratings',
  'ratings.guest': 'Guest',
};

export const FR = {
  'ratings.levelAbout': '{0}, environ {1}',
  'ratings.rated': 'Partie classée',
  'ratings.ratedNote': 'Partie classée : elle compte pour la cote des deux joueurs.',
  'ratings.ratedGame': 'Partie classée',
  'ratings.leaderboard': 'Classement',
  'ratings.leaderboardOf': 'Classement de {0}',
  'ratings.rank': 'Rang',
  'ratings.player': 'Joueur',
  'ratings.rating': 'Cote',
  'ratings.games': 'Parties classées',
  'ratings.provisional': 'provisoire',
  'ratings.provisionalNote': '? marque une cote provisoire : trop peu de parties pour en être sûr.',
  'ratings.none': 'Pas encore de partie classée.',
  'ratings.history': 'Historique de la cote',
  'ratings.chartOf': 'Cote en {0} après chaque partie classée',
  'ratings.pointOf': '{0} après la partie {1}',
  'ratings.ratings': 'Cotes',
  'ratings.guest': 'Invité',
};
