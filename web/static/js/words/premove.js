// Words of premoves and conditional moves (issue 30, point 13).

export const EN = {
  'premove.prompt': 'Premove: choose the move to play as soon as it is your turn.',
  'premove.set': 'Premove: {0}, played as soon as it is your turn.',
  'premove.cancel': 'Cancel premove',
  'premove.cancelled': 'Premove cancelled.',
  'premove.dropped': 'Your premove {0} was not legal any more: it was not played.',
  'premove.none': 'No premove possible here.',
  'premove.failed': 'Premoves are not available in this browser.',
  'settings.premove': 'Let me premove in real-time games (a move entered while the opponent thinks, played at once when it is my turn)',
};

export const FR = {
  'premove.prompt': 'Coup anticipé : choisissez le coup à jouer dès que ce sera votre tour.',
  'premove.set': 'Coup anticipé : {0}, joué dès que ce sera votre tour.',
  'premove.cancel': 'Annuler le coup anticipé',
  'premove.cancelled': 'Coup anticipé annulé.',
  'premove.dropped': 'Votre coup anticipé {0} n\'était plus légal : il n\'a pas été joué.',
  'premove.none': 'Aucun coup anticipé possible ici.',
  'premove.failed': 'Les coups anticipés ne sont pas disponibles dans ce navigateur.',
  'settings.premove': 'Me laisser anticiper un coup en temps réel (un coup entré pendant que l\'adversaire réfléchit, joué dès que c\'est mon tour)',
};
