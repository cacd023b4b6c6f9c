import { z } from 'zod';
import { dataResponse } from './common.ts';

/** The channel's public key file, served at `CHANNEL_KEY_FILE` on the channel's site. */
export const ChannelKeyFile = z.object({ channel_key: z.string().min(1) });
export type ChannelKeyFile = z.infer<typeof ChannelKeyFile>;

/** spec §7: POST /get_api_key (channel_key) returns data.api_key. */
export const GetApiKeyBody = z.object({ channel_key: z.string().min(1).max(200) });
export type GetApiKeyBody = z.infer<typeof GetApiKeyBody>;
export const GetApiKeyResponse = dataResponse(z.object({ api_key: z.string().min(1) }));
export type GetApiKeyResponse = z.infer<typeof GetApiKeyResponse>;
