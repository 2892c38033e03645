// I18n holds the interface's words in English and French; the choice is
// kept in localStorage. t(key, ...args) fills {0}, {1}... with args.
// What belongs to a game comes from elsewhere: its names, colours and
// options from the server's catalog as texts by language (pick), and a
// hand-drawn board's own words from its module (words).

import { CONCERNS } from './words/index.js';

const EN = {
  skip: 'Skip to content', nav: 'Main', home: 'Home', myGames: 'Games', switchLang: 'Passer en français',
  welcome: 'Plateau', tagline: 'Four abstract board games to play against the computer, a friend, or someone beside you.',
  newGame: 'New game', rules: 'Rules', rulesOf: 'Rules of {0}', otherRules: 'Rules of the other games', startOf: 'Start of {0}',
  noCatalog: 'The list of games could not be loaded: {0}', notFound: 'Page not found', board: 'Board', boardOf: '{0} board', empty: 'empty', selected: 'selected',
  legalTarget: 'legal target', canMove: 'can move', lastMove: 'last move',
  boardN: 'Board {0}', pickPiece: 'Click one of your pieces.', pickTarget: 'Click a marked square.',
  whyNoMove: 'No legal move starts on {0}.', whyNotTarget: '{0} is not a legal target from {1}.', whyNotTake: 'The pawn on {0} cannot be taken together with those chosen.',
  whyNotOption: 'That choice is not legal here.',
  notYourTurn: 'It is not your turn.', gameOver: 'The game is over.', illegal: 'Illegal move: {0}', failed: 'Something went wrong: {0}',
  pass: 'Pass', confirmTake: 'Take ({0})', cancelMove: 'Cancel', typeMove: 'Move in notation', typeMoveHelp: 'Type a move and press Enter.', typeMoveExample: 'Type a move such as {0} and press Enter.', confirmMove: 'Play {0}?', confirm: 'Confirm',
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
  // Take-back requests and declined offers.
  askTakeBack: 'Ask to take back', takeBackAsked: 'Take-back asked.', takeBackAskedOfYou: 'Your opponent asks to take back their last move.',
  'offer.draw': 'the draw offer', 'offer.takeback': 'the take-back request', declinedYou: 'You declined {0}.',
  declinedOpp: 'Your opponent declined {0}.', declinedAI: 'The computer declined {0}.', declinedBy: '{1} declined {0}.',
  notLegalHere: '"{0}" is not a legal move here.', notLegalFrom: '"{0}" is not a legal move here. Moves from {1}: {2}.',
  watchingTurn: 'You are watching. {0} to play.', played: '{0} played {1}.', gameEnded: 'Game over: {0}',
  sound: 'Sound', soundOn: 'Sound on', soundOff: 'Sound off',
  'code.malformed': 'The server did not understand that request.', 'code.too_large': 'That request is too large.',
  'code.forbidden': 'This browser holds no seat of this game.', 'code.not_found': 'No such game.',
  'code.method': 'That request is not allowed.', 'code.game_over': 'The game is over.',
  'code.stale': 'The game changed meanwhile; the board is up to date again.', 'code.turn': 'It is not your turn.',
  'code.no_offer': 'There is no draw offer to answer.', 'code.undo': 'There is no move to take back.',
  'code.illegal': 'That move is not legal here.', 'code.closing': 'The server is shutting down; try again in a moment.',
  'code.internal': 'The server failed; try again.',
  'code.network': 'The server cannot be reached: check your connection, or play on this device.',
  'code.no_takeback': 'There is no take-back request to answer.', 'code.timeout': 'The request took too long to arrive; try again.',
  'code.rate_limited': 'Too many requests: wait a moment.', 'code.host': 'This server does not answer for that address.',
  'code.too_many_connections': 'Too many connections from your address: close a tab, or try again in a moment.',
  'code.passkey_taken': 'This passkey is registered already, to this account or another.',
  'code.cross_origin': 'Refused: the request came from another site.',
  // Hints and export.
  hint: 'Hint', hintThinking: 'Looking for a move…', hintIs: 'Hint: {0}', hintNone: 'No hint: the engine found no move.',
  hintFailed: 'No hint: {0}', hintsUsed: 'hints used: {0}', hintsUsedGame: 'Hints were used in this game ({0}).',
  'code.no_hint': 'Hints are only given in games against the computer.',
  export: 'Export', downloadRecord: 'Download record', positionString: 'Position', copyPosition: 'Copy position',
};

const FR = {
  skip: 'Aller au contenu', nav: 'Principal', home: 'Accueil', myGames: 'Parties', switchLang: 'Switch to English',
  welcome: 'Plateau', tagline: 'Quatre jeux de plateau abstraits, contre l\'ordinateur, un ami, ou quelqu\'un à côté de vous.',
  newGame: 'Nouvelle partie', rules: 'Règles', rulesOf: 'Règles : {0}', otherRules: 'Règles des autres jeux', startOf: 'Départ : {0}',
  noCatalog: 'La liste des jeux n\'a pas pu être chargée : {0}', notFound: 'Page introuvable', board: 'Plateau', boardOf: 'Plateau : {0}', empty: 'vide', selected: 'choisie',
  legalTarget: 'cible possible', canMove: 'peut jouer', lastMove: 'dernier coup',
  boardN: 'Plateau {0}', pickPiece: 'Cliquez une de vos pièces.', pickTarget: 'Cliquez une case marquée.',
  whyNoMove: 'Aucun coup légal ne part de {0}.', whyNotTarget: '{0} n\'est pas une cible possible depuis {1}.', whyNotTake: 'Le pion en {0} ne peut pas être pris avec ceux choisis.',
  whyNotOption: 'Ce choix n\'est pas permis ici.',
  notYourTurn: 'Ce n\'est pas votre tour.', gameOver: 'La partie est finie.', illegal: 'Coup illégal : {0}', failed: 'Un problème est survenu : {0}',
  pass: 'Passer', confirmTake: 'Prendre ({0})', cancelMove: 'Annuler', typeMove: 'Coup en notation', typeMoveHelp: 'Tapez un coup puis Entrée.', typeMoveExample: 'Tapez un coup comme {0} puis Entrée.', confirmMove: 'Jouer {0} ?', confirm: 'Confirmer',
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
  // Demandes de reprise et propositions refusées.
  askTakeBack: 'Demander à reprendre', takeBackAsked: 'Reprise demandée.', takeBackAskedOfYou: 'Votre adversaire demande à reprendre son dernier coup.',
  'offer.draw': 'la proposition de nulle', 'offer.takeback': 'la demande de reprise', declinedYou: 'Vous avez refusé {0}.',
  declinedOpp: 'Votre adversaire a refusé {0}.', declinedAI: 'L\'ordinateur a refusé {0}.', declinedBy: '{1} a refusé {0}.',
  notLegalHere: '« {0} » n\'est pas un coup légal ici.', notLegalFrom: '« {0} » n\'est pas un coup légal ici. Coups depuis {1} : {2}.',
  watchingTurn: 'Vous regardez la partie. {0} au trait.', played: '{0} a joué {1}.', gameEnded: 'Partie finie : {0}',
  sound: 'Son', soundOn: 'Son activé', soundOff: 'Son coupé',
  'code.malformed': 'Le serveur n\'a pas compris cette demande.', 'code.too_large': 'Cette demande est trop grande.',
  'code.forbidden': 'Ce navigateur n\'a pas de place dans cette partie.', 'code.not_found': 'Partie introuvable.',
  'code.method': 'Cette demande n\'est pas permise.', 'code.game_over': 'La partie est finie.',
  'code.stale': 'La partie a changé entre-temps ; le plateau est de nouveau à jour.', 'code.turn': 'Ce n\'est pas votre tour.',
  'code.no_offer': 'Il n\'y a pas de proposition de nulle à laquelle répondre.', 'code.undo': 'Il n\'y a pas de coup à reprendre.',
  'code.illegal': 'Ce coup n\'est pas permis ici.', 'code.closing': 'Le serveur s\'arrête ; réessayez dans un instant.',
  'code.internal': 'Le serveur a échoué ; réessayez.',
  'code.network': 'Le serveur est injoignable : vérifiez votre connexion, ou jouez sur cet appareil.',
  'code.no_takeback': 'Il n\'y a pas de demande de reprise à laquelle répondre.', 'code.timeout': 'La demande a mis trop longtemps à arriver ; réessayez.',
  'code.rate_limited': 'Trop de demandes : patientez un instant.', 'code.host': 'Ce serveur ne répond pas à cette adresse.',
  'code.too_many_connections': 'Trop de connexions depuis votre adresse : fermez un onglet, ou réessayez dans un instant.',
  'code.passkey_taken': 'Cette clé d\'accès est déjà enregistrée, pour ce compte ou un autre.',
  'code.cross_origin': 'Refusé : la demande venait d\'un autre site.',
  // Indices et export.
  hint: 'Indice', hintThinking: 'Recherche d\'un coup…', hintIs: 'Indice : {0}', hintNone: 'Pas d\'indice : le moteur n\'a trouvé aucun coup.',
  hintFailed: 'Pas d\'indice : {0}', hintsUsed: 'indices utilisés : {0}', hintsUsedGame: 'Des indices ont été utilisés dans cette partie ({0}).',
  'code.no_hint': 'Les indices ne sont donnés que dans les parties contre l\'ordinateur.',
  export: 'Exporter', downloadRecord: 'Télécharger la partie', positionString: 'Position', copyPosition: 'Copier la position',
};

/** merge adds each concern's words to a language's dictionary; a key defined twice is a mistake, reported in the console. */
function merge(base, lang) {
  const out = { ...base };
  for (const c of CONCERNS) {
    for (const [k, v] of Object.entries(c[lang])) {
      if (k in out) console.error(`i18n: ${k} defined twice`);
      out[k] = v;
    }
  }
  return out;
}

const DICTS = { en: merge(EN, 'EN'), fr: merge(FR, 'FR') };

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

const fill = (s, args) => s.replace(/\{(\d)\}/g, (_, i) => String(args[+i]));

/** tr returns a translation, or fallback when there is none. */
export function tr(key, fallback, ...args) {
  const s = DICTS[state.lang][key] ?? DICTS.en[key];
  if (s === undefined) return fallback;
  return fill(s, args);
}

/** pick returns a game's text ({en: ..., fr: ...}) in the current language, filled with args; English when the language is missing. */
export function pick(text, ...args) {
  if (!text) return '';
  return fill(text[state.lang] ?? text.en ?? '', args);
}

/** words returns a t for a module's own dictionaries, {en: {...}, fr: {...}}: board modules keep their words. */
export function words(dicts) {
  return (key, ...args) => {
    const s = dicts[state.lang]?.[key] ?? dicts.en[key];
    return s === undefined ? key : fill(s, args);
  };
}

/** t returns a translation filled with args, or the key itself when missing. */
export function t(key, ...args) {
  return tr(key, key, ...args);
}

/**
 * errorText says what went wrong with a request to the server in the
 * page's language: the server's own words in this language when it sent
 * them (an illegal move's rule), else in English the server's message,
 * else this client's words for the server's reason code.
 */
export function errorText(e) {
  if (e.message === 'engine: locked') return t('safety.engineLocked'); // engine.js, fair play
  if (e.text && e.text[state.lang]) return e.text[state.lang];
  const own = e.code ? tr('code.' + e.code, null) : null;
  if (own !== null) return own;
  return sentence(e.message || '');
}

/**
 * sentence turns a server message the client has no words for into a
 * sentence: Go's package prefixes ("players: ...") are for logs, never
 * for a player.
 */
export function sentence(msg) {
  const s = msg.replace(/^([a-z][a-z0-9]*: )+/, '');
  return s ? s[0].toUpperCase() + s.slice(1) : tr('code.internal', '');
}

/** dict returns a language's dictionary, for tests that look for untranslated words. */
export const dict = (l) => DICTS[l];

/** keys lists the keys of a language, for tests that compare dictionaries. */
export const keys = (l) => Object.keys(DICTS[l]);
