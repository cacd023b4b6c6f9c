import type { Clip } from '@grandstand/contract';
import { useMemo } from 'react';
import styled from 'styled-components';
import { useGetClipOptionsQuery } from '../../clipsApi.ts';
import { ClipCard, type OpenUrl } from './ClipCard.tsx';

export interface ClipListProps {
  clips: readonly Clip[];
  /** The list's accessible name ("Your clips"). */
  label: string;
  headingLevel: 2 | 3;
  onDeleted?: (clip: Clip) => void;
  openUrl?: OpenUrl;
  /** Link each clip's other clips of its game (a list of many games). */
  linkEventClips?: boolean;
}

/**
 * The viewer's clips as a grid of cards. The channel's tag names and whether the viewer may download
 * come from GET /clips/options (the server adds the channel's grant to the user's capabilities).
 */
export function ClipList({ clips, label, headingLevel, onDeleted, openUrl, linkEventClips = false }: ClipListProps) {
  const first = clips[0]?.event_id;
  const { data: options } = useGetClipOptionsQuery(first ?? 0, { skip: first === undefined });
  const tagNames = useMemo(() => new Map((options?.tags ?? []).map((tag) => [tag.id, tag.name])), [options]);
  return (
    <Grid aria-label={label}>
      {clips.map((clip) => (
        <li key={clip.id}>
          <ClipCard
            clip={clip}
            tagNames={tagNames}
            canDownload={options?.can_download_clip === true}
            headingLevel={headingLevel}
            linkEventClips={linkEventClips}
            {...(onDeleted ? { onDeleted } : {})}
            {...(openUrl ? { openUrl } : {})}
          />
        </li>
      ))}
    </Grid>
  );
}

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
  gap: var(--gs-space-md);
  margin: 0;
  padding: 0;
  list-style: none;
`;
