/** The reports' texts in English and French; the page and its script share them. */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

const en = {
  title: 'Reports',
  service: 'Grandstand analytics',
  language: 'Language',
  signIn: 'Sign in',
  signInTitle: 'Sign in to the reports',
  email: 'Email',
  password: 'Password',
  signOut: 'Sign out',
  badLogin: 'The email or the password is not right.',
  tooMany: 'Too many attempts. Try again in {seconds} seconds.',
  badRequest: 'Enter your email and your password.',
  code: 'Code from your authenticator app',
  codeRequired: 'Enter the code from your authenticator app as well.',
  codeInvalid: 'The code is wrong or has already been used.',
  noReports: 'Your role on the channels gives no access to the reports.',
  unavailable: 'Signing in is not possible right now. Try again in a moment.',
  signedInAs: 'Signed in as {name}',
  filters: 'Channel and period',
  channel: 'Channel',
  from: 'From',
  until: 'Until (included)',
  show: 'Show',
  loading: 'Loading the reports…',
  loaded: 'Reports loaded.',
  error: 'The reports could not be loaded.',
  retry: 'Try again',
  periodOf: '{channel}, {from} to {until}',
  audience: 'Audience',
  figure: 'Figure',
  value: 'Value',
  pageViews: 'Page views',
  visitors: 'Visitors (sessions)',
  logins: 'Logins',
  liveViewers: 'Live viewers now',
  views: 'Views',
  uniqueViewers: 'Unique viewers',
  watchTime: 'Watch time',
  ttffMedian: 'Time to first frame, median',
  ttffP90: 'Time to first frame, 90th percentile',
  errorRate: 'Playback error rate',
  playbackErrors: 'Playback errors',
  noViews: 'No views in this period',
  byEvent: 'Watch time by event',
  bySport: 'Watch time by sport',
  bySchool: 'Watch time by school',
  byTeam: 'Watch time by team',
  event: 'Event',
  sport: 'Sport',
  school: 'School',
  team: 'Team',
  notTagged: 'Not tagged',
  hours: 'Hours watched',
  funnel: 'Purchase funnel',
  step: 'Step',
  events: 'Events',
  sessions: 'Sessions',
  noPurchases: 'No purchases in this period',
  failedByReason: 'Failed purchases by reason',
  reason: 'Reason',
  noFailures: 'No failed purchases in this period',
  revenueByDay: 'Revenue by day',
  revenueByProduct: 'Revenue by product',
  day: 'Day',
  product: 'Product',
  currency: 'Currency',
  revenue: 'Revenue',
  purchases: 'Purchases',
  noRevenue: 'No revenue in this period',
  sourceServer: 'Measured on the channel server: its paid orders only.',
  sourceBrowser: 'Reported by the viewers’ browsers: indicative, not verified.',
  notFound: 'This channel is not one of yours.',
  step_view_buy_page: 'Viewed a buy page',
  step_begin_purchase: 'Began a purchase',
  step_begin_checkout: 'Began checkout',
  step_purchase: 'Paid',
  step_purchase_success: 'Purchase succeeded',
  step_purchase_failed: 'Purchase failed',
  none: '—',
};
export type MessageKey = keyof typeof en;

const fr: Record<MessageKey, string> = {
  title: 'Rapports',
  service: 'Statistiques Grandstand',
  language: 'Langue',
  signIn: 'Se connecter',
  signInTitle: 'Connexion aux rapports',
  email: 'Courriel',
  password: 'Mot de passe',
  signOut: 'Se déconnecter',
  badLogin: 'Le courriel ou le mot de passe est incorrect.',
  tooMany: 'Trop de tentatives. Réessayez dans {seconds} secondes.',
  badRequest: 'Saisissez votre courriel et votre mot de passe.',
  code: 'Code de votre application d’authentification',
  codeRequired: 'Saisissez aussi le code de votre application d’authentification.',
  codeInvalid: 'Le code est incorrect ou a déjà servi.',
  noReports: 'Votre rôle sur les chaînes ne donne pas accès aux rapports.',
  unavailable: 'La connexion est impossible pour le moment. Réessayez dans un instant.',
  signedInAs: 'Connecté : {name}',
  filters: 'Chaîne et période',
  channel: 'Chaîne',
  from: 'Du',
  until: 'Au (inclus)',
  show: 'Afficher',
  loading: 'Chargement des rapports…',
  loaded: 'Rapports chargés.',
  error: 'Les rapports n’ont pas pu être chargés.',
  retry: 'Réessayer',
  periodOf: '{channel}, du {from} au {until}',
  audience: 'Audience',
  figure: 'Indicateur',
  value: 'Valeur',
  pageViews: 'Pages vues',
  visitors: 'Visiteurs (sessions)',
  logins: 'Connexions',
  liveViewers: 'Spectateurs en direct',
  views: 'Visionnements',
  uniqueViewers: 'Spectateurs uniques',
  watchTime: 'Temps de visionnement',
  ttffMedian: 'Délai de première image, médiane',
  ttffP90: 'Délai de première image, 90e centile',
  errorRate: 'Taux d’erreurs de lecture',
  playbackErrors: 'Erreurs de lecture',
  noViews: 'Aucun visionnement pendant cette période',
  byEvent: 'Temps de visionnement par événement',
  bySport: 'Temps de visionnement par sport',
  bySchool: 'Temps de visionnement par école',
  byTeam: 'Temps de visionnement par équipe',
  event: 'Événement',
  sport: 'Sport',
  school: 'École',
  team: 'Équipe',
  notTagged: 'Non précisé',
  hours: 'Heures visionnées',
  funnel: 'Entonnoir d’achat',
  step: 'Étape',
  events: 'Événements',
  sessions: 'Sessions',
  noPurchases: 'Aucun achat pendant cette période',
  failedByReason: 'Achats échoués par motif',
  reason: 'Motif',
  noFailures: 'Aucun achat échoué pendant cette période',
  revenueByDay: 'Revenus par jour',
  revenueByProduct: 'Revenus par produit',
  day: 'Jour',
  product: 'Produit',
  currency: 'Devise',
  revenue: 'Revenus',
  purchases: 'Achats',
  noRevenue: 'Aucun revenu pendant cette période',
  sourceServer: 'Mesuré sur le serveur de la chaîne : ses commandes payées seulement.',
  sourceBrowser: 'Signalé par les navigateurs des spectateurs : indicatif, non vérifié.',
  notFound: 'Cette chaîne ne fait pas partie des vôtres.',
  step_view_buy_page: 'Page d’achat vue',
  step_begin_purchase: 'Achat commencé',
  step_begin_checkout: 'Paiement commencé',
  step_purchase: 'Payé',
  step_purchase_success: 'Achat réussi',
  step_purchase_failed: 'Achat échoué',
  none: '—',
};

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { en, fr };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The operator's language: an explicit choice, else the best of Accept-Language, else English. */
export function pickLocale(choice: unknown, acceptLanguage: string | undefined): Locale {
  if (isLocale(choice)) return choice;
  const ranked = (acceptLanguage ?? '')
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.lang).find(isLocale) ?? 'en';
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const messages = MESSAGES[locale];
  return (key, values) => messages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? `{${name}}`));
}
