// The channel folders as channelsModule.ts hands them to the stories.
declare module 'virtual:grandstand-channels' {
  import type { ColorSettings } from '@grandstand/contract';

  export interface StoryChannel {
    slug: string;
    name: string;
    colors: ColorSettings;
  }
  const channels: StoryChannel[];
  export default channels;
}
