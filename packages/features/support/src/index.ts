export { ordersSection, supportSections, viewersSection } from './routes.tsx';
export { ORDERS_SECTION_PATH, supportPaths, VIEWERS_SECTION_PATH } from './paths.ts';
export { supportNamespace } from './namespace.ts';
export {
  supportApi,
  SUPPORT_TAG_TYPES,
  useCompOrderMutation,
  useGetCompOptionsQuery,
  useGetSupportOrderQuery,
  useGetSupportViewerQuery,
  useListSupportOrdersQuery,
  useListSupportViewersQuery,
  useRefundOrderMutation,
  useViewerActionMutation,
} from './supportApi.ts';
export type { ViewerAction } from './supportApi.ts';
export { OrdersPage } from './views/OrdersPage/OrdersPage.tsx';
export { ViewersPage } from './views/ViewersPage/ViewersPage.tsx';
