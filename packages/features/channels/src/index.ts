export { channelDomainsSection, channelFaqSection, channelLookSection, channelSettingsSection, channelsSections, platformChannelsSection } from './routes.tsx';
export { channelsPaths, CHANNELS_SECTION_PATH, DOMAINS_SECTION_PATH, FAQ_SECTION_PATH, LOOK_SECTION_PATH, SETTINGS_SECTION_PATH } from './paths.ts';
export { channelsNamespace } from './namespace.ts';
export {
  channelsApi,
  CHANNELS_TAG_TYPES,
  LOGO_URL,
  useAddChannelDomainMutation,
  useCreatePlatformChannelMutation,
  useGetChannelDomainsQuery,
  useGetChannelFaqQuery,
  useGetChannelLookQuery,
  useGetChannelSettingsQuery,
  useGetPlatformChannelsQuery,
  useRemoveChannelDomainMutation,
  useUpdateChannelFaqMutation,
  useUpdateChannelLookMutation,
  useUpdateChannelSettingsMutation,
  useUpdatePlatformChannelMutation,
  useUploadChannelLogoMutation,
} from './channelsApi.ts';
export type { UpdatePlatformChannelArgs } from './channelsApi.ts';
export { ChannelsPage } from './views/ChannelsPage/ChannelsPage.tsx';
export { LookPage } from './views/LookPage/LookPage.tsx';
export { LookPreview } from './views/LookPage/LookPreview.tsx';
export type { LookPreviewProps } from './views/LookPage/LookPreview.tsx';
export { DomainsPage } from './views/DomainsPage/DomainsPage.tsx';
export { FaqPage } from './views/FaqPage/FaqPage.tsx';
export { SettingsPage } from './views/SettingsPage/SettingsPage.tsx';
export { ChannelsOperatorContext, ChannelsOperatorProvider, useChannelsOperator } from './operator.tsx';
