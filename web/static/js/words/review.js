// Words of the post-game review and the analysis board.

export const EN = {
  'review.link': 'Review', 'review.title': 'Review of {0}', 'review.notOver': 'Only a finished game can be reviewed.',
  'review.budget': 'Engine time a move', 'review.budget.100': 'Quick (0.1 s)', 'review.budget.200': 'Normal (0.2 s)',
  'review.budget.500': 'Thorough (0.5 s)', 'review.budget.1000': 'Deep (1 s)', 'review.budget.3000': 'Deepest (3 s)',
  'review.progress': 'Reviewed {0} of {1} positions…', 'review.done': 'Reviewed {0} positions.', 'review.failed': 'The review failed: {0}',
  'review.graph': 'Win probability of {0} after each move', 'review.wpOf': '{0}: {1} to win',
  'review.class.best': 'best', 'review.class.good': 'good', 'review.class.inaccuracy': 'inaccuracy',
  'review.class.mistake': 'mistake', 'review.class.blunder': 'blunder',
  'review.judged': '{0}: lost {1} of win probability.', 'review.better': 'Better: {0}', 'review.line': 'Line: {0}',
  'review.summary': '{0}: inaccuracies {1}, mistakes {2}, blunders {3}',
  'review.playFrom': 'Play from here', 'review.playFromAbout': 'A new game from this position against the computer, level {0}; you play {1}.',
  'review.analyse': 'Analyse this position',
  // The analysis board.
  'review.analysis.title': 'Analysis: {0}', 'review.analysis.badPosition': 'This position cannot be opened: {0}',
  'review.analysis.noGame': 'No such game: {0}', 'review.analysis.paste': 'Open a position string', 'review.analysis.open': 'Open',
  'review.analysis.back': 'Back', 'review.analysis.forward': 'Forward', 'review.analysis.undo': 'Undo move', 'review.analysis.promote': 'Promote line',
  'review.analysis.delete': 'Delete line', 'review.analysis.moves': 'Moves and variations', 'review.analysis.start': 'Start position',
  'review.analysis.engine': 'Engine', 'review.analysis.thinking': 'Thinking…', 'review.analysis.depth': 'depth {0}, {1} nodes',
  'review.analysis.over': 'Game over: {0}', 'review.analysis.share': 'Share', 'review.analysis.copyLink': 'Copy link',
  'review.analysis.shareAbout': 'This link opens this position and this line in any browser.',
};

export const FR = {
  'review.link': 'Analyse de la partie', 'review.title': 'Analyse de {0}', 'review.notOver': 'Seule une partie terminée peut être analysée.',
  'review.budget': 'Temps du moteur par coup', 'review.budget.100': 'Rapide (0,1 s)', 'review.budget.200': 'Normal (0,2 s)',
  'review.budget.500': 'Soigné (0,5 s)', 'review.budget.1000': 'Approfondi (1 s)', 'review.budget.3000': 'Très approfondi (3 s)',
  'review.progress': '{0} positions sur {1} analysées…', 'review.done': '{0} positions analysées.', 'review.failed': 'L\'analyse a échoué : {0}',
  'review.graph': 'Probabilité de gain de {0} après chaque coup', 'review.wpOf': '{0} : {1} de chances de gagner',
  'review.class.best': 'meilleur coup', 'review.class.good': 'bon coup', 'review.class.inaccuracy': 'imprécision',
  'review.class.mistake': 'erreur', 'review.class.blunder': 'gaffe',
  'review.judged': '{0} : {1} de probabilité de gain perdus.', 'review.better': 'Mieux : {0}', 'review.line': 'Suite : {0}',
  'review.summary': '{0} : imprécisions {1}, erreurs {2}, gaffes {3}',
  'review.playFrom': 'Jouer à partir d\'ici', 'review.playFromAbout': 'Une nouvelle partie à partir de cette position contre l\'ordinateur, niveau {0} ; vous jouez {1}.',
  'review.analyse': 'Analyser cette position',
  'review.analysis.title': 'Analyse : {0}', 'review.analysis.badPosition': 'Impossible d\'ouvrir cette position : {0}',
  'review.analysis.noGame': 'Jeu inconnu : {0}', 'review.analysis.paste': 'Ouvrir une position', 'review.analysis.open': 'Ouvrir',
  'review.analysis.back': 'Reculer', 'review.analysis.forward': 'Avancer', 'review.analysis.undo': 'Annuler le coup', 'review.analysis.promote': 'Promouvoir la variante',
  'review.analysis.delete': 'Supprimer la variante', 'review.analysis.moves': 'Coups et variantes', 'review.analysis.start': 'Position de départ',
  'review.analysis.engine': 'Moteur', 'review.analysis.thinking': 'Réflexion…', 'review.analysis.depth': 'profondeur {0}, {1} nœuds',
  'review.analysis.over': 'Partie terminée : {0}', 'review.analysis.share': 'Partager', 'review.analysis.copyLink': 'Copier le lien',
  'review.analysis.shareAbout': 'Ce lien ouvre cette position et cette suite dans n\'importe quel navigateur.',
};
