export { pushEcommerce } from './ecommerce.ts';
export type { EcommerceEvent, EcommerceItem, EcommerceData, DataLayerTarget } from './ecommerce.ts';
export { loadTagManager, isLocalHost } from './tagManager.ts';
