import fp from 'fastify-plugin';
import { createOffersRepository } from './offers.ts';

/**
 * `app.offersRepository`: the channel's packages and subscriptions with the viewer's purchased
 * flags, built once on the app's database. Its reads and the rules of what a package covers are
 * one piece of the commerce catalog (`modules/commerce/catalog/offers.ts`); this plugin only builds it.
 */
export default fp(
  async (app) => {
    app.decorate('offersRepository', createOffersRepository(app.db));
  },
  { name: 'offers-repository', dependencies: ['db'] },
);
