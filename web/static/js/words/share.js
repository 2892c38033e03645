// Words of sharing: the Share dialog (link, embed code, images) and the
// import of a readable game record into the analysis board.

export const EN = {
  'share.button': 'Share', 'share.title': 'Share', 'share.link': 'Link', 'share.embed': 'Embed code',
  'share.png': 'Image (PNG)', 'share.gif': 'Animation (GIF)', 'share.copy': 'Copy', 'share.copied': 'Copied', 'share.close': 'Close',
  'share.record': 'Download readable record',
  'share.import': 'Import a game record', 'share.importAbout': 'Paste a readable record (docs/records.md) or choose its file.',
  'share.importButton': 'Import', 'share.importFile': 'Record file', 'share.importText': 'Record text',
  'share.importFailed': 'This record cannot be imported: {0}',
  'search.title': 'Search their games', 'search.players': 'Find a player by name', 'search.any': 'Any', 'search.game': 'Game', 'search.result': 'Result',
  'search.win': 'Won', 'search.loss': 'Lost', 'search.draw': 'Drawn', 'search.opponent': 'Opponent',
  'search.from': 'From', 'search.to': 'To', 'search.go': 'Search', 'search.more': 'More',
  'search.mine': 'Search my finished games', 'search.variant': 'Options', 'search.standard': 'Standard',
  'search.rated': 'Rated', 'search.rated.yes': 'Rated only', 'search.rated.no': 'Casual only', 'search.control': 'Time control',
  'search.export.txt': 'Export all (readable)', 'search.export.ndjson': 'Export all (JSON lines)',
};

export const FR = {
  'share.button': 'Partager', 'share.title': 'Partager', 'share.link': 'Lien', 'share.embed': 'Code d\'intégration',
  'share.png': 'Image (PNG)', 'share.gif': 'Animation (GIF)', 'share.copy': 'Copier', 'share.copied': 'Copié', 'share.close': 'Fermer',
  'share.record': 'Télécharger la partie lisible',
  'share.import': 'Importer une partie', 'share.importAbout': 'Collez une partie au format lisible (docs/records.md) ou choisissez son fichier.',
  'share.importButton': 'Importer', 'share.importFile': 'Fichier de la partie', 'share.importText': 'Texte de la partie',
  'share.importFailed': 'Cette partie ne peut pas être importée : {0}',
  'search.title': 'Chercher ses parties', 'search.players': 'Trouver un joueur par son nom', 'search.any': 'Toutes', 'search.game': 'Jeu', 'search.result': 'Résultat',
  'search.win': 'Gagnées', 'search.loss': 'Perdues', 'search.draw': 'Nulles', 'search.opponent': 'Adversaire',
  'search.from': 'Du', 'search.to': 'Au', 'search.go': 'Chercher', 'search.more': 'Plus',
  'search.mine': 'Chercher dans mes parties terminées', 'search.variant': 'Options', 'search.standard': 'Standard',
  'search.rated': 'Classée', 'search.rated.yes': 'Classées seulement', 'search.rated.no': 'Amicales seulement', 'search.control': 'Cadence',
  'search.export.txt': 'Tout exporter (lisible)', 'search.export.ndjson': 'Tout exporter (JSON lines)',
};
