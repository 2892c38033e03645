// I18n holds the interface's words in English and French; the choice is
// kept in localStorage. t(key, ...args) fills {0}, {1}... with args.

const EN = {
  skip: 'Skip to content', nav: 'Main', home: 'Home', myGames: 'Games', switchLang: 'Passer en français',
  welcome: 'Plateau', tagline: 'Four abstract board games to play against the computer, a friend, or someone beside you.',
  newGame: 'New game', rules: 'Rules', rulesOf: 'Rules of {0}', otherRules: 'Rules of the other games', startOf: 'Start of {0}',
  notFound: 'Page not found', board: 'Board', boardOf: '{0} board', empty: 'empty', selected: 'selected',
  legalTarget: 'legal target', canMove: 'can move', lastMove: 'last move',
  'oxford.title': 'Oxford', 'oshi.title': 'Oshi', 'yoxii.title': 'Yoxii', 'abraxas.title': 'Abraxas',
  'oxford.line': 'Two-faced pieces move as far as you have pieces showing the same face, then flip. Keep both an O and an X in play.',
  'oshi.line': 'Stacked pieces push whole lines across a 9x9 board. Push seven points of your opponent\'s pieces off the edge.',
  'yoxii.line': 'Move the shared totem, then place a piece beside it. When the totem is stuck, the strongest neighbourhood wins.',
  'abraxas.line': 'Drop red pawns in a sliding plate of holes and make lines with the dots below. Take eleven pawns first.',
  'yoxii.p0': 'White', 'yoxii.p1': 'Red', 'oshi.p0': 'Red', 'oshi.p1': 'White', 'oxford.p0': 'Red', 'oxford.p1': 'Yellow',
  'abraxas.p0': 'Player 1', 'abraxas.p1': 'Player 2',
  'yoxii.totem': 'the totem', 'yoxii.piece': '{0} {1} (value {2})', 'yoxii.hand': '{0}\'s hand',
  'yoxii.handItem': '{0} pieces {1} left', 'yoxii.step0': 'Choose the totem\'s new square.',
  'yoxii.step1': 'Choose the square for your piece, next to the totem.', 'yoxii.step2': 'Choose the value of your piece.',
  'oshi.piece': '{0} piece of {1} tiers', 'oshi.onBoard': '{0} on the board', 'oshi.count': '{0} pieces of {1} tiers',
  'oxford.base': '{0} base', 'oxford.piece': '{0} piece showing {1}', 'oxford.pickO': 'Choose the square of your base for the O piece.',
  'oxford.pickX': 'Choose the square of your base for the X piece.', 'oxford.counts': '{0} in play, {1} lost',
  'abraxas.dot': 'red dot', 'abraxas.red': 'red pawn', 'abraxas.stop': 'blue stop pawn',
  'abraxas.corner_bl': 'Bottom left', 'abraxas.corner_br': 'Bottom right', 'abraxas.corner_tl': 'Top left', 'abraxas.corner_tr': 'Top right',
  'abraxas.push_right': 'Push right →', 'abraxas.push_left': 'Push left ←', 'abraxas.push_up': 'Push up ↑', 'abraxas.push_down': 'Push down ↓',
  'abraxas.placeRed': 'Red pawn', 'abraxas.placeStop': 'Stop pawn', 'abraxas.noPush': 'Don\'t push',
  'abraxas.pickCorner': 'Choose the plate\'s starting corner.', 'abraxas.pickTake': 'Click the pawns to take from a line.',
  'abraxas.interrupt': 'Your opponent will play again. Interrupt with a stop pawn (Stop!) or pass.',
  'abraxas.pickHole': 'Click an empty hole.', 'abraxas.pickLift': 'The pool is empty: click a red pawn to move, or a hole for a stop pawn.',
  'abraxas.pickKind': 'Red pawn or stop pawn?', 'abraxas.pickPush': 'Choose the push.', 'abraxas.stopBtn': 'Stop!',
  'abraxas.stopHint': 'Click the empty hole for your stop pawn.', 'abraxas.pool': 'Pool', 'abraxas.poolN': '{0} red pawns in the pool',
  'abraxas.player': 'Player {0}', 'abraxas.taken': '{0} taken', 'abraxas.takenN': '{0} pawns taken', 'abraxas.stopsN': '{0} stop pawns left',
  'abraxas.phase_corner': 'Choosing the corner.', 'abraxas.phase_play': 'Placing.', 'abraxas.phase_take': 'Taking from a line.',
  'abraxas.phase_interrupt': 'Stop! or pass.', 'abraxas.noStop': '(no stop pawn this turn)', 'abraxas.boardN': 'Board {0}',
  pickPiece: 'Click one of your pieces.', pickTarget: 'Click a marked square.',
  whyNoMove: 'No legal move starts on {0}.', whyNotTarget: '{0} is not a legal target from {1}.', whyNotTake: 'The pawn on {0} cannot be taken together with those chosen.',
  whyNotOption: 'That choice is not legal here.', notLegal: '"{0}" is not a legal move here (legal moves look like {1}).',
  notYourTurn: 'It is not your turn.', gameOver: 'The game is over.', illegal: 'Illegal move: {0}', failed: 'Something went wrong: {0}',
  pass: 'Pass', confirmTake: 'Take ({0})', cancelMove: 'Cancel', typeMove: 'Move in notation', typeMoveHelp: 'Type a move such as e3e5 and press Enter.',
  play: 'Play', game: 'Game', moveList: 'Moves', online: 'online', offline: 'offline', scoreOf: 'score {0}',
  finished: 'Game over', aiThinking: 'The AI is thinking…', toPlay: '{0} to play', yourTurn: 'Your turn', waitingFor: 'Waiting for {0}',
  finalScore: 'Score {0}–{1}.', replay: 'Replay', inviteFriend: 'Send this link to your friend:', inviteLink: 'Invite link',
  copy: 'Copy link', copied: 'Copied', resign: 'Resign', confirmResign: 'Really resign?', offerDraw: 'Offer a draw',
  drawOffered: 'Draw offered.', withdraw: 'Withdraw', drawOfferedToYou: 'Your opponent offers a draw.', accept: 'Accept', decline: 'Decline',
  undo: 'Take back', spectating: 'You are watching.', noGame: 'Game not found', reconnecting: 'Connection lost — reconnecting…',
  aiLevel: 'AI level {0}', you: 'you', thisDevice: 'this device', human: 'human', draw: 'Draw', youWin: 'You win!', youLose: 'You lose.',
  wins: '{0} wins', winner: 'winner: {0}', plies: '{0} moves',
  'reason.resignation': 'resignation', 'reason.draw agreed': 'draw agreed', 'reason.third repetition': 'third repetition',
  'reason.seven points': 'seven points', 'reason.two passes': 'two passes',
  'result.first': 'first player won', 'result.second': 'second player won', 'result.draw': 'draw', 'result.ongoing': 'in progress',
  yours: 'yours', resume: 'Resume', watch: 'Watch', loading: 'Loading…', ongoing: 'In progress', finishedGames: 'Finished', none: 'None yet.',
  replayOf: 'Replay of {0}', backToGame: 'Back to the game', jump: 'Jump to move', autoplay: 'Play ▶', pause: 'Pause',
  first: 'Start', prev: 'Back', next: 'Forward', last: 'End', plyOf: 'Move {0} of {1}',
  opponent: 'Opponent', 'opp.ai': 'The computer, level', 'opp.friend': 'A friend, by invite link', 'opp.local': 'Two people on this device',
  colour: 'You play', 'colour.first': '{0} (first)', 'colour.second': '{0} (second)', 'colour.random': 'Random', aiLevel2: 'Level',
  start: 'Start', cancel: 'Cancel', aiIs: 'The computer plays with: {0}.', createFailed: 'Could not create the game: {0}',
  'opt.oxford.variant': 'Variant', 'opt.oxford.variant.standard': 'Standard', 'opt.oxford.variant.beginner': 'Beginner (no bases)',
  'opt.abraxas.board': 'Board', 'opt.abraxas.push': 'Push rule', 'opt.abraxas.push.ccw': 'Counter-clockwise', 'opt.abraxas.push.free': 'Free (either way)',
};
for (const n of [1, 2, 3, 4, 5, 6]) EN['opt.abraxas.board.' + n] = 'Board ' + n + (n === 1 ? ' (beginner)' : '');

const FR = {
  skip: 'Aller au contenu', nav: 'Principal', home: 'Accueil', myGames: 'Parties', switchLang: 'Switch to English',
  welcome: 'Plateau', tagline: 'Quatre jeux de plateau abstraits, contre l\'ordinateur, un ami, ou quelqu\'un à côté de vous.',
  newGame: 'Nouvelle partie', rules: 'Règles', rulesOf: 'Règles : {0}', otherRules: 'Règles des autres jeux', startOf: 'Départ : {0}',
  notFound: 'Page introuvable', board: 'Plateau', boardOf: 'Plateau : {0}', empty: 'vide', selected: 'choisie',
  legalTarget: 'cible possible', canMove: 'peut jouer', lastMove: 'dernier coup',
  'oxford.title': 'Oxford', 'oshi.title': 'Oshi', 'yoxii.title': 'Yoxii', 'abraxas.title': 'Abraxas',
  'oxford.line': 'Les pièces à deux faces avancent d\'autant de pas que vous avez de pièces sur la même face, puis se retournent. Gardez un O et un X en jeu.',
  'oshi.line': 'Des pièces à étages poussent des files entières sur un plateau de 9x9. Faites tomber sept points de pièces adverses.',
  'yoxii.line': 'Déplacez le totem commun, puis posez une pièce à côté. Quand le totem est bloqué, le meilleur entourage gagne.',
  'abraxas.line': 'Posez des pions rouges dans une plaque coulissante et formez des lignes avec les points dessous. Prenez onze pions le premier.',
  'yoxii.p0': 'Blanc', 'yoxii.p1': 'Rouge', 'oshi.p0': 'Rouge', 'oshi.p1': 'Blanc', 'oxford.p0': 'Rouge', 'oxford.p1': 'Jaune',
  'abraxas.p0': 'Joueur 1', 'abraxas.p1': 'Joueur 2',
  'yoxii.totem': 'le totem', 'yoxii.piece': '{1} {0} (valeur {2})', 'yoxii.hand': 'Main de {0}',
  'yoxii.handItem': 'il reste {0} pièces {1}', 'yoxii.step0': 'Choisissez la nouvelle case du totem.',
  'yoxii.step1': 'Choisissez la case de votre pièce, à côté du totem.', 'yoxii.step2': 'Choisissez la valeur de votre pièce.',
  'oshi.piece': 'pièce {0} à {1} étages', 'oshi.onBoard': '{0} sur le plateau', 'oshi.count': '{0} pièces à {1} étages',
  'oxford.base': 'base {0}', 'oxford.piece': 'pièce {0} face {1}', 'oxford.pickO': 'Choisissez la case de votre base pour la pièce O.',
  'oxford.pickX': 'Choisissez la case de votre base pour la pièce X.', 'oxford.counts': '{0} en jeu, {1} perdues',
  'abraxas.dot': 'point rouge', 'abraxas.red': 'pion rouge', 'abraxas.stop': 'pion stop bleu',
  'abraxas.corner_bl': 'En bas à gauche', 'abraxas.corner_br': 'En bas à droite', 'abraxas.corner_tl': 'En haut à gauche', 'abraxas.corner_tr': 'En haut à droite',
  'abraxas.push_right': 'Pousser à droite →', 'abraxas.push_left': 'Pousser à gauche ←', 'abraxas.push_up': 'Pousser en haut ↑', 'abraxas.push_down': 'Pousser en bas ↓',
  'abraxas.placeRed': 'Pion rouge', 'abraxas.placeStop': 'Pion stop', 'abraxas.noPush': 'Ne pas pousser',
  'abraxas.pickCorner': 'Choisissez le coin de départ de la plaque.', 'abraxas.pickTake': 'Cliquez les pions à prendre dans une ligne.',
  'abraxas.interrupt': 'Votre adversaire va rejouer. Interrompez avec un pion stop (Stop !) ou passez.',
  'abraxas.pickHole': 'Cliquez un trou vide.', 'abraxas.pickLift': 'La réserve est vide : cliquez un pion rouge à déplacer, ou un trou pour un pion stop.',
  'abraxas.pickKind': 'Pion rouge ou pion stop ?', 'abraxas.pickPush': 'Choisissez la poussée.', 'abraxas.stopBtn': 'Stop !',
  'abraxas.stopHint': 'Cliquez le trou vide pour votre pion stop.', 'abraxas.pool': 'Réserve', 'abraxas.poolN': '{0} pions rouges en réserve',
  'abraxas.player': 'Joueur {0}', 'abraxas.taken': '{0} pris', 'abraxas.takenN': '{0} pions pris', 'abraxas.stopsN': 'il reste {0} pions stop',
  'abraxas.phase_corner': 'Choix du coin.', 'abraxas.phase_play': 'Pose.', 'abraxas.phase_take': 'Prise dans une ligne.',
  'abraxas.phase_interrupt': 'Stop ! ou passer.', 'abraxas.noStop': '(pas de pion stop ce tour)', 'abraxas.boardN': 'Plateau {0}',
  pickPiece: 'Cliquez une de vos pièces.', pickTarget: 'Cliquez une case marquée.',
  whyNoMove: 'Aucun coup légal ne part de {0}.', whyNotTarget: '{0} n\'est pas une cible possible depuis {1}.', whyNotTake: 'Le pion en {0} ne peut pas être pris avec ceux choisis.',
  whyNotOption: 'Ce choix n\'est pas permis ici.', notLegal: '« {0} » n\'est pas un coup légal ici (les coups légaux ressemblent à {1}).',
  notYourTurn: 'Ce n\'est pas votre tour.', gameOver: 'La partie est finie.', illegal: 'Coup illégal : {0}', failed: 'Un problème est survenu : {0}',
  pass: 'Passer', confirmTake: 'Prendre ({0})', cancelMove: 'Annuler', typeMove: 'Coup en notation', typeMoveHelp: 'Tapez un coup comme e3e5 puis Entrée.',
  play: 'Jouer', game: 'Partie', moveList: 'Coups', online: 'en ligne', offline: 'hors ligne', scoreOf: 'score {0}',
  finished: 'Partie finie', aiThinking: 'L\'IA réfléchit…', toPlay: '{0} au trait', yourTurn: 'À vous de jouer', waitingFor: 'En attente de {0}',
  finalScore: 'Score {0}–{1}.', replay: 'Revoir', inviteFriend: 'Envoyez ce lien à votre ami :', inviteLink: 'Lien d\'invitation',
  copy: 'Copier le lien', copied: 'Copié', resign: 'Abandonner', confirmResign: 'Vraiment abandonner ?', offerDraw: 'Proposer la nulle',
  drawOffered: 'Nulle proposée.', withdraw: 'Retirer', drawOfferedToYou: 'Votre adversaire propose la nulle.', accept: 'Accepter', decline: 'Refuser',
  undo: 'Reprendre le coup', spectating: 'Vous regardez la partie.', noGame: 'Partie introuvable', reconnecting: 'Connexion perdue — reconnexion…',
  aiLevel: 'IA niveau {0}', you: 'vous', thisDevice: 'cet appareil', human: 'humain', draw: 'Nulle', youWin: 'Vous avez gagné !', youLose: 'Vous avez perdu.',
  wins: '{0} gagne', winner: 'gagnant : {0}', plies: '{0} coups',
  'reason.resignation': 'abandon', 'reason.draw agreed': 'nulle acceptée', 'reason.third repetition': 'troisième répétition',
  'reason.seven points': 'sept points', 'reason.two passes': 'deux passes',
  'result.first': 'le premier joueur a gagné', 'result.second': 'le second joueur a gagné', 'result.draw': 'nulle', 'result.ongoing': 'en cours',
  yours: 'à vous', resume: 'Reprendre', watch: 'Regarder', loading: 'Chargement…', ongoing: 'En cours', finishedGames: 'Terminées', none: 'Aucune pour l\'instant.',
  replayOf: '{0} : revoir la partie', backToGame: 'Retour à la partie', jump: 'Aller au coup', autoplay: 'Lecture ▶', pause: 'Pause',
  first: 'Début', prev: 'Reculer', next: 'Avancer', last: 'Fin', plyOf: 'Coup {0} sur {1}',
  opponent: 'Adversaire', 'opp.ai': 'L\'ordinateur, niveau', 'opp.friend': 'Un ami, par lien d\'invitation', 'opp.local': 'Deux personnes sur cet appareil',
  colour: 'Vous jouez', 'colour.first': '{0} (en premier)', 'colour.second': '{0} (en second)', 'colour.random': 'Au hasard', aiLevel2: 'Niveau',
  start: 'Commencer', cancel: 'Annuler', aiIs: 'L\'ordinateur joue avec : {0}.', createFailed: 'Impossible de créer la partie : {0}',
  'opt.oxford.variant': 'Variante', 'opt.oxford.variant.standard': 'Standard', 'opt.oxford.variant.beginner': 'Débutant (sans bases)',
  'opt.abraxas.board': 'Plateau', 'opt.abraxas.push': 'Poussée', 'opt.abraxas.push.ccw': 'Sens inverse des aiguilles d\'une montre', 'opt.abraxas.push.free': 'Libre (dans les deux sens)',
};
for (const n of [1, 2, 3, 4, 5, 6]) FR['opt.abraxas.board.' + n] = 'Plateau ' + n + (n === 1 ? ' (débutant)' : '');

const DICTS = { en: EN, fr: FR };

function initial() {
  const kept = localStorage.getItem('plateau:lang');
  if (kept && DICTS[kept]) return kept;
  return (navigator.language || 'en').toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

const state = { lang: initial() };

/** lang returns the current language code. */
export const lang = () => state.lang;

/** setLang switches the language and remembers it. */
export function setLang(l) {
  if (!DICTS[l]) return;
  state.lang = l;
  localStorage.setItem('plateau:lang', l);
}

/** tr returns a translation, or fallback when there is none. */
export function tr(key, fallback, ...args) {
  const s = DICTS[state.lang][key] ?? EN[key];
  if (s === undefined) return fallback;
  return s.replace(/\{(\d)\}/g, (_, i) => String(args[+i]));
}

/** t returns a translation filled with args, or the key itself when missing. */
export function t(key, ...args) {
  return tr(key, key, ...args);
}

/** keys lists the keys of a language, for tests that compare dictionaries. */
export const keys = (l) => Object.keys(DICTS[l]);
