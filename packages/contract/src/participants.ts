import { z } from 'zod';
import { dataResponse } from './common.ts';
import { Gender } from './enums.ts';

/** spec §3: a participant group is a school. */
export const ParticipantGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  image: z.string().nullable(),
  /** The school's crest (a URL, always set: the channel folder's image or one drawn from its colours). */
  crest: z.string(),
});
export type ParticipantGroup = z.infer<typeof ParticipantGroup>;
export const ParticipantGroupsResponse = dataResponse(z.array(ParticipantGroup));

export const ParticipantImages = z.object({ logo: z.string().nullable(), cover: z.string().nullable() });

/** spec §3: a participant is a team, with gender and sport properties. */
export const Participant = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string().nullable(),
  alias: z.string().nullable(),
  images: ParticipantImages,
  color: z.string().nullable(),
  /** The team's crest (a URL, always set: the channel folder's image or one drawn from its colour and initials). */
  crest: z.string(),
  participant_group_id: z.number().int().nullable(),
  properties: z.object({ gender: Gender.nullable(), sport: z.string().nullable() }),
  get children(): z.ZodArray<typeof Participant> {
    return z.array(Participant);
  },
});
export type Participant = z.infer<typeof Participant>;
export const ParticipantsQuery = z.object({ no_limit: z.enum(['0', '1']).optional() });
export const ParticipantsResponse = dataResponse(z.array(Participant));

/** The values a listing can be filtered by (spec §3 filter keys), as the server offers them. */
export const ParticipantGroupProperty = z.object({
  key: z.enum(['gender', 'sport', 'city', 'state']),
  values: z.array(z.string()),
});
export type ParticipantGroupProperty = z.infer<typeof ParticipantGroupProperty>;
export const ParticipantGroupPropertiesResponse = dataResponse(z.array(ParticipantGroupProperty));

/** spec §3: an event category is a sport, nested. */
export const EventCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  get children(): z.ZodArray<typeof EventCategory> {
    return z.array(EventCategory);
  },
});
export type EventCategory = z.infer<typeof EventCategory>;
export const EventCategoriesResponse = dataResponse(z.array(EventCategory));

export const EventLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
});
export type EventLocation = z.infer<typeof EventLocation>;
export const EventLocationsResponse = dataResponse(z.array(EventLocation));
