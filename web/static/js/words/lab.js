// Words of the game lab: the measurements of each game shown on its
// rules page (internal/lab, /api/lab/{game}).

export const EN = {
  'lab.title': 'The game measured',
  'lab.intro': 'From games the AI played against itself at three levels, each opened by a few random moves (so that the games differ). In brackets, the 95% interval: with few games (level 8), it is wide.',
  'lab.opening': 'Random opening moves',
  'lab.distinct': '{0} ({1} different)',
  'lab.options': 'Options',
  'lab.level': 'Level {0}',
  'lab.human': 'Players',
  'lab.games': 'Games',
  'lab.firstWins': 'First player wins',
  'lab.draws': 'Draws',
  'lab.length': 'Length (moves)',
  'lab.decisive': 'The side ahead at mid-game wins',
  'lab.branching': 'Legal moves, start to end',
  'lab.chart': 'First player\'s win rate by level, with its 95% interval',
  'lab.pointOf': '{0}: the first player wins {1}',
};

export const FR = {
  'lab.title': 'Le jeu mesuré',
  'lab.intro': 'D\'après des parties de l\'IA contre elle-même à trois niveaux, chacune ouverte par quelques coups au hasard (pour que les parties diffèrent). Entre crochets, l\'intervalle à 95 % : avec peu de parties (niveau 8), il est large.',
  'lab.opening': 'Coups d\'ouverture au hasard',
  'lab.distinct': '{0} ({1} différentes)',
  'lab.options': 'Options',
  'lab.level': 'Niveau {0}',
  'lab.human': 'Joueurs',
  'lab.games': 'Parties',
  'lab.firstWins': 'Victoires du premier joueur',
  'lab.draws': 'Nulles',
  'lab.length': 'Durée (coups)',
  'lab.decisive': 'Le camp en tête à mi-partie gagne',
  'lab.branching': 'Coups possibles, du début à la fin',
  'lab.chart': 'Taux de victoire du premier joueur par niveau, avec son intervalle à 95 %',
  'lab.pointOf': '{0} : le premier joueur gagne {1}',
};
