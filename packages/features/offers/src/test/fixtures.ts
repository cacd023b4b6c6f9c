import type { FakeHandler, FakeRequest } from '@grandstand/api-client/testing';
import type { ConsoleOffersResponse, ConsolePackage, ConsolePromoCode, ConsoleSubscription } from '@grandstand/contract';

export function consolePackage(overrides: Partial<ConsolePackage> = {}): ConsolePackage {
  return {
    id: 11,
    kind: 'team_pass',
    name: 'Northfield team pass',
    description: 'Every game of your team for a year.',
    categoryIds: [],
    teamIds: [101, 102],
    price: 40,
    serviceFee: 2,
    billing: 'annual',
    period: 1,
    capabilities: ['vod_media'],
    basic: false,
    quota: null,
    weight: 10,
    retiredAt: null,
    holders: 3,
    ...overrides,
  };
}

export function consoleSubscription(overrides: Partial<ConsoleSubscription> = {}): ConsoleSubscription {
  return {
    id: 21,
    name: 'Northfield monthly',
    description: null,
    price: 9.99,
    serviceFee: 0,
    billing: 'monthly',
    period: 1,
    trialDays: 7,
    capabilities: [],
    weight: 10,
    retiredAt: null,
    holders: 0,
    ...overrides,
  };
}

export function promoCode(overrides: Partial<ConsolePromoCode> = {}): ConsolePromoCode {
  return {
    id: 31,
    code: 'WELCOME20',
    percentOff: 20,
    amountOff: null,
    appliesTo: 'all',
    packageIds: [],
    subscriptionIds: [],
    validFrom: null,
    validUntil: null,
    maxUses: 100,
    perViewer: 1,
    uses: 4,
    ...overrides,
  };
}

/** The channel's offers as the console reads them: a single-event package, a team pass, a basketball pass and a subscription. */
export function offersData(overrides: Partial<ConsoleOffersResponse> = {}): ConsoleOffersResponse {
  return {
    packages: [
      consolePackage({ id: 10, kind: 'single', name: 'Single event', description: null, teamIds: [], price: 0, serviceFee: 0, billing: null, period: null, capabilities: [], weight: 0, holders: 0 }),
      consolePackage(),
      consolePackage({ id: 12, kind: 'category', name: 'Basketball season', teamIds: [], categoryIds: [201], price: 30, serviceFee: 0, billing: 'month', period: 3, holders: 0, retiredAt: '2026-11-30T12:00:00.000Z' }),
    ],
    subscriptions: [consoleSubscription()],
    categories: [
      { id: 201, name: 'Basketball', parentId: null },
      { id: 202, name: 'Soccer', parentId: null },
    ],
    teams: [
      { id: 101, name: 'Northfield Eagles' },
      { id: 102, name: 'Riverside Hawks' },
      { id: 103, name: 'Lakeside Otters' },
    ],
    currency: 'USD',
    ...overrides,
  };
}

/** The owner's offers and promo codes calls over data the test reads back, answering writes as the server would (fields merged, refusals named). */
export function offersApiFake(data: ConsoleOffersResponse = offersData(), codes: ConsolePromoCode[] = [promoCode()], extra: Record<string, FakeHandler> = {}) {
  const sent: FakeRequest[] = [];
  let nextId = 500;
  const routes: Record<string, FakeHandler> = {
    'GET /console/offers': () => ({ json: data }),
    'POST /console/offers/packages': (request) => {
      sent.push(request);
      const body = request.body as Partial<ConsolePackage> & { kind: ConsolePackage['kind'] };
      const created = consolePackage({ categoryIds: [], teamIds: [], capabilities: [], description: null, holders: 0, ...body, id: nextId++ });
      data.packages.push(created);
      return { json: { package: created } };
    },
    'POST /console/offers/subscriptions': (request) => {
      sent.push(request);
      const created = consoleSubscription({ ...(request.body as Partial<ConsoleSubscription>), id: nextId++, holders: 0 });
      data.subscriptions.push(created);
      return { json: { subscription: created } };
    },
    'GET /console/promo-codes': () => ({ json: { promoCodes: codes } }),
    'POST /console/promo-codes': (request) => {
      sent.push(request);
      const body = request.body as Partial<ConsolePromoCode> & { code: string };
      if (codes.some((c) => c.code.toLowerCase() === body.code.toLowerCase())) {
        return { status: 409, json: { message: 'The channel already has this code (whatever its case).', field: 'code', code: 'PROMO_CODE_TAKEN' } };
      }
      const created = promoCode({ ...body, id: nextId++, uses: 0 });
      codes.unshift(created);
      return { json: { promoCode: created } };
    },
  };
  for (const pkg of data.packages) {
    routes[`PATCH /console/offers/packages/${pkg.id}`] = (request) => {
      sent.push(request);
      Object.assign(pkg, request.body);
      return { json: { package: pkg } };
    };
    for (const [action, retiredAt] of [
      ['retire', '2026-12-06T12:00:00.000Z'],
      ['restore', null],
    ] as const) {
      routes[`POST /console/offers/packages/${pkg.id}/${action}`] = (request) => {
        sent.push(request);
        pkg.retiredAt = retiredAt;
        return { json: { package: pkg } };
      };
    }
  }
  for (const sub of data.subscriptions) {
    routes[`PATCH /console/offers/subscriptions/${sub.id}`] = (request) => {
      sent.push(request);
      Object.assign(sub, request.body);
      return { json: { subscription: sub } };
    };
  }
  for (const code of codes) {
    routes[`PATCH /console/promo-codes/${code.id}`] = (request) => {
      sent.push(request);
      Object.assign(code, request.body);
      return { json: { promoCode: code } };
    };
  }
  Object.assign(routes, extra);
  return { routes, sent, data, codes };
}
