/** The mark the bench reads: from a click on a card to the first frame. */
export const FIRST_FRAME_MARK = 'grandstand:first-frame';

/** A path id is digits only and a positive 32-bit integer (contract IdParam); anything else is a 404. */
export function parseEventId(raw: string | undefined): number | null {
  if (!raw || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
