export { librarySection, librarySections, prerollsSection } from './routes.tsx';
export { libraryPaths, LIBRARY_SECTION_PATH, PREROLLS_SECTION_PATH } from './paths.ts';
export { libraryNamespace } from './namespace.ts';
export {
  frameUrl,
  libraryApi,
  LIBRARY_TAG_TYPES,
  UPLOADS_URL,
  useCreateLibraryRailMutation,
  useDeleteLibraryItemMutation,
  useDeleteLibraryPrerollMutation,
  useDeleteLibraryRailMutation,
  useGetLibraryPrerollsQuery,
  useGetLibraryQuery,
  useOrderLibraryRailsMutation,
  useSetLibraryPosterMutation,
  useUpdateLibraryItemMutation,
  useUpdateLibraryPrerollMutation,
  useUpdateLibraryRailMutation,
} from './libraryApi.ts';
export { LibraryPage } from './views/LibraryPage/LibraryPage.tsx';
export { PrerollsPage } from './views/PrerollsPage/PrerollsPage.tsx';
