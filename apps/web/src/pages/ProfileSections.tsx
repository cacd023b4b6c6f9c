import { CLIPS_LIBRARY_PATHS, ClipsSectionLabel } from '@grandstand/clips';
import { FAVOURITES_PATHS, FavouritesSectionLabel } from '@grandstand/favourites';
import { ProfileSectionsNav } from '@grandstand/profile';

/**
 * The profile's links to the sections other features bring (clips, favourites), beside its own.
 * Loaded with the profile, as a chunk of its own: no other page shows it.
 */
export function ProfileSections() {
  return (
    <ProfileSectionsNav
      sections={[
        { to: CLIPS_LIBRARY_PATHS.profile, label: <ClipsSectionLabel /> },
        { to: FAVOURITES_PATHS.profile, label: <FavouritesSectionLabel /> },
      ]}
    />
  );
}
