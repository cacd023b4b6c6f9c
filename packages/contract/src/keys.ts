import { z } from 'zod';
import { dataResponse } from './common.ts';

/** The channel's public key file, served at {@link CHANNEL_KEY_FILE} on the channel's site. */
export const ChannelKeyFile = z.object({ channel_key: z.string().min(1) });
export type ChannelKeyFile = z.infer<typeof ChannelKeyFile>;
export const CHANNEL_KEY_FILE = '/channel-key.json';

/** spec §7: POST /get_api_key (channel_key) returns data.api_key. */
export const GetApiKeyBody = z.object({ channel_key: z.string().min(1).max(200) });
export type GetApiKeyBody = z.infer<typeof GetApiKeyBody>;
export const GetApiKeyResponse = dataResponse(z.object({ api_key: z.string().min(1) }));
export type GetApiKeyResponse = z.infer<typeof GetApiKeyResponse>;

/**
 * spec §8: the server names a key invalid through the `errors` field keyed by the key's name.
 * The message for both is the server's "No chanel or api key found".
 */
export const KEY_FIELDS = ['api_key', 'channel_key'] as const;
export type KeyField = (typeof KEY_FIELDS)[number];
export const KEY_INVALID_MESSAGE = 'No chanel or api key found';
export const KEY_INVALID_STATUS = 403;
