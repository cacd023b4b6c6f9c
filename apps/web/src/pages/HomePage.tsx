import { useTranslation } from '@grandstand/i18n';
import { channelApi } from '@grandstand/store';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import channel from 'virtual:grandstand-channel';

/**
 * The home route: the channel's slides, its schools and its sports, all from the data the startup
 * sequence loaded. A participant-group menu entry narrows it to one school (spec §2, `?school=`).
 */
export default function HomePage() {
  const { t } = useTranslation('shell');
  const [searchParams] = useSearchParams();
  const school = searchParams.get('school');
  const { data: settings } = channelApi.useGetSettingsQuery();
  const { data: slides = [] } = channelApi.useGetSlidesQuery(undefined);
  const { data: groups = [] } = channelApi.useGetParticipantGroupsQuery();
  const { data: categories = [] } = channelApi.useGetEventCategoriesQuery();
  const { data: participants = [] } = channelApi.useGetParticipantsQuery();

  const selectedGroup = school ? groups.find((group) => group.alias === school || group.name === school) : undefined;
  const teams = selectedGroup ? participants.filter((team) => team.participant_group_id === selectedGroup.id) : [];
  const name = settings?.name ?? channel.name;

  return (
    <Home>
      <title>{selectedGroup ? `${selectedGroup.name} · ${name}` : name}</title>
      <h1>{selectedGroup ? selectedGroup.name : name}</h1>

      {selectedGroup ? (
        <section aria-labelledby="teams-heading">
          <h2 id="teams-heading">{t('teams')}</h2>
          {teams.length === 0 ? (
            <p>{t('noTeams')}</p>
          ) : (
            <List>
              {teams.map((team) => (
                <li key={team.id}>
                  <Swatch aria-hidden="true" style={{ background: team.color ?? undefined }} />
                  {team.name}
                </li>
              ))}
            </List>
          )}
        </section>
      ) : (
        <>
          {slides.length > 0 && (
            <Slides aria-label={t('featured')}>
              {slides.map((slide) => (
                <li key={slide.id}>
                  <strong>{slide.title}</strong>
                  {slide.subtitle && <span>{slide.subtitle}</span>}
                </li>
              ))}
            </Slides>
          )}
          <section aria-labelledby="schools-heading">
            <h2 id="schools-heading">{t('schools')}</h2>
            <List>
              {groups.map((group) => (
                <li key={group.id}>
                  <Link to={`/?${new URLSearchParams({ school: group.alias ?? group.name })}`}>{group.name}</Link>
                </li>
              ))}
            </List>
          </section>
          <section aria-labelledby="sports-heading">
            <h2 id="sports-heading">{t('sports')}</h2>
            <List>
              {categories.map((category) => (
                <Category key={category.id}>
                  {category.name}
                  {category.children.length > 0 && <Sub>{category.children.map((child) => child.name).join(', ')}</Sub>}
                </Category>
              ))}
            </List>
          </section>
        </>
      )}
    </Home>
  );
}

const Home = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  max-width: 1200px;
  margin: 0 auto;

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.sizes.xxl};
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.font.sizes.lg};
  }
`;

const Slides = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    min-height: 120px;
    align-content: end;
    padding: ${({ theme }) => theme.space.lg};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.secondaryColor};
    color: ${({ theme }) => theme.colors.secondaryContrast};
  }
`;

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.surfaceText};
  }
  a {
    color: ${({ theme }) => theme.colors.link};
    font-weight: ${({ theme }) => theme.font.weights.medium};
  }
`;

const Category = styled.li`
  && {
    flex-direction: column;
    align-items: flex-start;
    justify-content: center;
    gap: ${({ theme }) => theme.space.xxs};
  }
`;

const Sub = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Swatch = styled.span`
  width: 0.875rem;
  height: 0.875rem;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
`;
