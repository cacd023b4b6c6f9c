import { ENGAGEMENT_CODES, ENGAGEMENT_POLL_MS, type ViewerPoll } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { isApiError, selectIsLoggedIn, useAppSelector } from '@grandstand/store';
import { Button, Link, percentOf, ShareBar } from '@grandstand/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { usePageVisible } from '../livePolling.ts';
import { pollApi } from './pollApi.ts';

/**
 * The event's poll beside the player (spec §1 polls): the question, then the answers to choose from
 * (a logged-in viewer who has not voted, while it is open) or the results. A visitor sees the
 * results and is asked to log in. While the event may still change (not over) and the page is
 * shown, the poll is asked for again every few seconds, so one opened, the votes and the close
 * reach the page within 5 s; the server answers from a moment's memory, so a crowd costs it little.
 */
export function WatchPoll({ eventId, following }: { eventId: number; following: boolean }) {
  const visible = usePageVisible();
  const { data: poll } = pollApi.useGetEventPollQuery(eventId, { pollingInterval: following && visible ? ENGAGEMENT_POLL_MS : 0, skipPollingIfUnfocused: false });
  if (!poll) return null;
  return <PollCard key={poll.id} poll={poll} eventId={eventId} />;
}

function PollCard({ poll, eventId }: { poll: ViewerPoll; eventId: number }) {
  const { t } = useTranslation('watch');
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [vote, { isLoading, error }] = pollApi.useVotePollMutation();
  const [chosen, setChosen] = useState<number | null>(null);
  const titleId = useId();
  const questionId = useId();
  const open = poll.status === 'open';
  const canVote = open && loggedIn && poll.my_answer === null;
  const failure = error ? refusalText(error, t) : null;
  const query = new URLSearchParams({ event_id: String(eventId) });

  return (
    <Card aria-labelledby={titleId}>
      <Header>
        <h2 id={titleId}>{t('poll.title')}</h2>
        <State $open={open}>{open ? t('poll.open') : t('poll.closed')}</State>
      </Header>
      <Question id={questionId}>{poll.question}</Question>
      {canVote ? (
        <Choices role="group" aria-labelledby={questionId}>
          {poll.answers.map((answer) => (
            <Button
              key={answer.index}
              variant="secondary"
              disabled={isLoading}
              aria-pressed={chosen === answer.index}
              onClick={() => {
                setChosen(answer.index);
                void vote({ pollId: poll.id, eventId, answer: answer.index });
              }}
            >
              {answer.label}
            </Button>
          ))}
        </Choices>
      ) : (
        <Results aria-labelledby={questionId}>
          {poll.answers.map((answer) => {
            const percent = percentOf(answer.votes, poll.total_votes);
            const mine = poll.my_answer === answer.index;
            return (
              <li key={answer.index} data-mine={mine || undefined}>
                <ResultLine>
                  <span>
                    {answer.label}
                    {mine && <Mine> · {t('poll.yourAnswer')}</Mine>}
                  </span>
                  <span>{percent} %</span>
                </ResultLine>
                <ShareBar percent={percent} animated />
              </li>
            );
          })}
        </Results>
      )}
      <Footer>
        <span aria-live="polite">{t('poll.votes', { count: poll.total_votes })}</span>
        {open && !loggedIn && <Link href={`/login?${query}`}>{t('poll.loginToVote')}</Link>}
      </Footer>
      {failure && <Failure role="alert">{t('poll.voteFailed', { reason: failure })}</Failure>}
    </Card>
  );
}

function refusalText(error: unknown, t: (key: 'poll.alreadyVoted' | 'poll.pollClosed' | 'poll.tryAgain') => string): string {
  const code = isApiError(error) ? error.code : undefined;
  if (code === ENGAGEMENT_CODES.alreadyVoted) return t('poll.alreadyVoted');
  if (code === ENGAGEMENT_CODES.pollClosed) return t('poll.pollClosed');
  return t('poll.tryAgain');
}

const Card = styled.section`
  display: grid;
  gap: var(--gs-space-sm);
  padding: var(--gs-space-md);
  border: 1px solid var(--gs-border);
  border-radius: var(--gs-radius-md);
  background: var(--gs-surface);
  color: var(--gs-surface-text);
`;

const Header = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: var(--gs-space-sm);

  h2 {
    margin: 0;
    font-size: var(--gs-font-size-lg);
  }
`;

const State = styled.span<{ $open: boolean }>`
  font-size: var(--gs-font-size-sm);
  color: ${({ $open }) => ($open ? 'var(--gs-surface-text)' : 'var(--gs-muted-text)')};
`;

const Question = styled.p`
  margin: 0;
  font-weight: var(--gs-font-weight-bold);
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
`;

const Results = styled.ul`
  display: grid;
  gap: var(--gs-space-sm);
  margin: 0;
  padding: 0;
  list-style: none;
`;

const ResultLine = styled.div`
  display: flex;
  justify-content: space-between;
  gap: var(--gs-space-sm);
`;

const Mine = styled.span`
  color: var(--gs-muted-text);
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: var(--gs-space-sm);
  font-size: var(--gs-font-size-sm);
  color: var(--gs-muted-text);

  a {
    color: var(--gs-link);
  }
`;

const Failure = styled.p`
  margin: 0;
  color: var(--gs-danger);
`;
