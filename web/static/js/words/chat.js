// Words of the game chats.

export const EN = {
  'chat.title': 'Chat',
  'chat.players': 'Players\' chat',
  'chat.spectators': 'Spectators\' chat',
  'chat.say': 'Message',
  'chat.send': 'Send',
  'chat.empty': 'No messages yet.',
  'chat.spectator': 'Spectator',
  'chat.muteChat': 'Mute this chat',
  'chat.unmuteChat': 'Unmute this chat',
  'chat.muted': 'This chat is muted.',
  'chat.mutePerson': 'Mute {0}',
  'chat.unmutePerson': 'Unmute {0}',
  'chat.hidden': '{0} is muted.',
  'chat.failed': 'Not sent: {0}',
  'chat.news': 'New in the chat',
};

export const FR = {
  'chat.title': 'Discussion',
  'chat.players': 'Discussion des joueurs',
  'chat.spectators': 'Discussion des spectateurs',
  'chat.say': 'Message',
  'chat.send': 'Envoyer',
  'chat.empty': 'Pas encore de message.',
  'chat.spectator': 'Spectateur',
  'chat.muteChat': 'Masquer cette discussion',
  'chat.unmuteChat': 'Afficher cette discussion',
  'chat.muted': 'Cette discussion est masquée.',
  'chat.mutePerson': 'Masquer {0}',
  'chat.unmutePerson': 'Afficher {0}',
  'chat.hidden': '{0} est masqué.',
  'chat.failed': 'Non envoyé : {0}',
  'chat.news': 'Nouveau dans la discussion',
};
