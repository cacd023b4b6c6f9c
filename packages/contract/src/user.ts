import { z } from 'zod';
import { dataResponse } from './common.ts';
import { LimitKind } from './enums.ts';
import type { Capability } from './enums.ts';

/** spec §3: the user as GET /profile returns it. */
export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  temporary_password: z.boolean(),
  trial_period_used: z.boolean(),
  is_geo_blocked: z.boolean(),
  capabilities: z.array(z.string()),
  featureCount: z.partialRecord(LimitKind, z.number().int().nonnegative()),
});
export type User = z.infer<typeof User>;
export const ProfileResponse = dataResponse(User);

/** spec §3: capabilities are lowercased into flags. */
export function capabilityFlags(capabilities: readonly string[]): Record<Capability, boolean> {
  const owned = new Set(capabilities.map((c) => c.toLowerCase()));
  return {
    watch: owned.has('watch'),
    download: owned.has('download'),
    clipping: owned.has('clipping'),
    download_clip: owned.has('download_clip'),
    no_ads: owned.has('no_ads'),
    vod_media: owned.has('vod_media'),
  };
}
