// Words of the games played on this device (device.js), the offline app
// (sw.js) and the level advice after a game against the AI.

export const EN = {
  'device.onDevice': 'On this device (works offline)',
  'device.onDeviceAbout': 'The computer thinks in this browser; the game is kept here, not on the server.',
  'device.games': 'On this device',
  'device.none': 'No game on this device yet.',
  'device.tag': 'this device',
  'device.remove': 'Delete',
  'device.removeConfirm': 'Delete for good?',
  'device.offline': 'You are offline: games on this device, the rules, lessons and puzzles still work.',
  'device.installed': 'Plateau works offline on this device.',
  'advice.up': 'You won against level {0}. Try level {1}?',
  'advice.down': 'Two losses in a row against level {0}. Try level {1}?',
  'advice.again': 'Play level {0} again?',
  'advice.play': 'Play level {0}',
};

export const FR = {
  'device.onDevice': 'Sur cet appareil (marche hors ligne)',
  'device.onDeviceAbout': 'L\'ordinateur réfléchit dans ce navigateur ; la partie est gardée ici, pas sur le serveur.',
  'device.games': 'Sur cet appareil',
  'device.none': 'Aucune partie sur cet appareil pour l\'instant.',
  'device.tag': 'cet appareil',
  'device.remove': 'Supprimer',
  'device.removeConfirm': 'Supprimer pour de bon ?',
  'device.offline': 'Vous êtes hors ligne : les parties sur cet appareil, les règles, les leçons et les problèmes marchent encore.',
  'device.installed': 'Plateau marche hors ligne sur cet appareil.',
  'advice.up': 'Vous avez battu le niveau {0}. Essayer le niveau {1} ?',
  'advice.down': 'Deux défaites de suite contre le niveau {0}. Essayer le niveau {1} ?',
  'advice.again': 'Rejouer contre le niveau {0} ?',
  'advice.play': 'Jouer le niveau {0}',
};
