// Words of the lesson pages.

export const EN = {
  'lessons.title': 'Learn {0}',
  'lessons.none': 'No lesson could be loaded: {0}',
  'lessons.step': 'Step {0} of {1}',
  'lessons.skip': 'Skip this step',
  'lessons.retry': 'Try again',
  'lessons.next': 'Next step',
  'lessons.right': 'Right!',
  'lessons.refused': 'That move is not allowed.',
  'lessons.finished': 'You have finished the lesson of {0}.',
  'lessons.toPuzzles': 'Try the puzzles',
  'lessons.link': 'Lesson',
  'lessons.learn': 'Learn the rules by playing',
};

export const FR = {
  'lessons.title': 'Apprendre {0}',
  'lessons.none': 'Impossible de charger la leçon : {0}',
  'lessons.step': 'Étape {0} sur {1}',
  'lessons.skip': 'Passer cette étape',
  'lessons.retry': 'Réessayer',
  'lessons.next': 'Étape suivante',
  'lessons.right': 'Bravo !',
  'lessons.refused': "Ce coup n'est pas permis.",
  'lessons.finished': 'Vous avez terminé la leçon de {0}.',
  'lessons.toPuzzles': 'Essayer les problèmes',
  'lessons.link': 'Leçon',
  'lessons.learn': 'Apprendre les règles en jouant',
};
