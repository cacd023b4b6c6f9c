import { type ConsolePoll, POLL_ANSWER_MAX, POLL_ANSWERS_MAX, POLL_ANSWERS_MIN, POLL_QUESTION_MAX } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Badge, Button, EmptyState, ErrorPanel, FormMessage, Loader, PageTitle, percentOf, SectionTitle, Select, ShareBar, Stack, Text, TextField } from '@grandstand/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { RESULTS_REFRESH_MS, useClosePollMutation, useGetEventPollsQuery, useGetPollableEventsQuery, useOpenPollMutation } from '../../engagementApi.ts';
import { errorField, useEngagementErrorText } from '../../errors.ts';
import { Card, Head, Row } from '../../layout.ts';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The form that opens a poll on the chosen event: a question and 2–5 answers, checked before the server would. */
function OpenPollForm({ eventId, disabled }: { eventId: number; disabled: boolean }) {
  const { t } = useTranslation('engagement');
  const errorText = useEngagementErrorText();
  const [open, { isLoading }] = useOpenPollMutation();
  const [question, setQuestion] = useState('');
  const [answers, setAnswers] = useState<string[]>(['', '']);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focus = (name: string) => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found: Record<string, string> = {};
    const check = (name: string, value: string, max: number) => {
      if (value.trim() === '') found[name] = t('errors.required');
      else if (value.trim().length > max) found[name] = t('errors.tooLong', { max });
    };
    check('question', question, POLL_QUESTION_MAX);
    answers.forEach((answer, index) => check(`answers.${index}`, answer, POLL_ANSWER_MAX));
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      setOutcome({ tone: 'error', text: t('polls.fixErrors') });
      focus(first);
      return;
    }
    const result = await open({ eventId, body: { question: question.trim(), answers: answers.map((answer) => answer.trim()) } });
    if (result.error) {
      const field = errorField(result.error);
      if (field && formRef.current?.querySelector(`[name="${CSS.escape(field)}"]`)) {
        setProblems({ [field]: errorText(result.error) });
        focus(field);
      }
      setOutcome({ tone: 'error', text: errorText(result.error) });
      return;
    }
    setQuestion('');
    setAnswers(['', '']);
    setOutcome({ tone: 'success', text: t('polls.opened') });
  };

  return (
    <Stack as="form" ref={formRef} gap="sm" noValidate onSubmit={(event: FormEvent) => void submit(event)} aria-labelledby="open-poll-title">
      <SectionTitle id="open-poll-title">{t('polls.newTitle')}</SectionTitle>
      {disabled && <Text tone="muted">{t('polls.openOne')}</Text>}
      <TextField label={t('polls.question')} name="question" required maxLength={POLL_QUESTION_MAX} value={question} disabled={disabled} error={problems.question || undefined} onChange={(e) => setQuestion(e.target.value)} />
      {answers.map((answer, index) => (
        <AnswerRow key={index}>
          <TextField
            label={t('polls.answer', { number: index + 1 })}
            name={`answers.${index}`}
            required
            maxLength={POLL_ANSWER_MAX}
            value={answer}
            disabled={disabled}
            error={problems[`answers.${index}`] || undefined}
            onChange={(e) => setAnswers((current) => current.map((value, at) => (at === index ? e.target.value : value)))}
          />
          {answers.length > POLL_ANSWERS_MIN && (
            <Button type="button" size="sm" variant="secondary" disabled={disabled} aria-label={t('polls.removeAnswer', { number: index + 1 })} onClick={() => setAnswers((current) => current.filter((_, at) => at !== index))}>
              ×
            </Button>
          )}
        </AnswerRow>
      ))}
      <Row>
        {answers.length < POLL_ANSWERS_MAX && (
          <Button type="button" variant="secondary" disabled={disabled} onClick={() => {
            setAnswers((current) => [...current, '']);
            focus(`answers.${answers.length}`);
          }}>
            {t('polls.addAnswer')}
          </Button>
        )}
        <Button type="submit" loading={isLoading} disabled={disabled}>
          {t('polls.open')}
        </Button>
      </Row>
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
    </Stack>
  );
}

/** One poll with its results: bars with their figures in words, live while open, and its close. */
function PollResults({ poll }: { poll: ConsolePoll }) {
  const { t, i18n } = useTranslation('engagement');
  const errorText = useEngagementErrorText();
  const [close, { isLoading, error }] = useClosePollMutation();
  const open = poll.status === 'open';
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(poll.openedAt));
  return (
    <Card as="article" aria-label={poll.question}>
      <Head>
        <strong>{poll.question}</strong>
        <Badge tone={open ? 'live' : 'neutral'}>{open ? t('polls.statusOpen') : t('polls.statusClosed')}</Badge>
      </Head>
      <Results>
        {poll.answers.map((answer) => {
          const percent = percentOf(answer.votes, poll.totalVotes);
          return (
            <li key={answer.index}>
              <span>{t('polls.result', { label: answer.label, votes: answer.votes, percent })}</span>
              <ShareBar percent={percent} />
            </li>
          );
        })}
      </Results>
      <Text tone="muted" size="sm">
        <span aria-live="polite">{t('polls.votes', { count: poll.totalVotes })}</span> · {t('polls.openedBy', { when, who: poll.openedBy })}
      </Text>
      {open && (
        <Row>
          <Button variant="secondary" loading={isLoading} onClick={() => void close({ pollId: poll.id, eventId: poll.eventId })}>
            {t('polls.close')}
          </Button>
        </Row>
      )}
      {error && <FormMessage tone="error">{errorText(error)}</FormMessage>}
    </Card>
  );
}

function EventPolls({ eventId }: { eventId: number }) {
  const { t } = useTranslation('engagement');
  const errorText = useEngagementErrorText();
  const [refresh, setRefresh] = useState(0);
  const polls = useGetEventPollsQuery(eventId, { pollingInterval: refresh });
  const anyOpen = (polls.data ?? []).some((poll) => poll.status === 'open');
  // While a poll is open its results are asked for again every few seconds; closed, they are final.
  if (anyOpen !== (refresh > 0)) setRefresh(anyOpen ? RESULTS_REFRESH_MS : 0);
  if (polls.isLoading) return <Loader label={t('loading')} />;
  if (polls.isError || !polls.data) return <ErrorPanel title={t('polls.errorTitle')} message={errorText(polls.error)} actionLabel={t('retry')} onAction={() => void polls.refetch()} />;
  return (
    <Stack gap="lg">
      <OpenPollForm key={eventId} eventId={eventId} disabled={anyOpen} />
      <Stack gap="sm" as="section" aria-labelledby="event-polls-title">
        <SectionTitle id="event-polls-title">{t('polls.listTitle')}</SectionTitle>
        {polls.data.length === 0 ? <Text tone="muted">{t('polls.empty')}</Text> : polls.data.map((poll) => <PollResults key={poll.id} poll={poll} />)}
      </Stack>
    </Stack>
  );
}

/**
 * `/console/polls` (owners and producers): choose a live or upcoming event, open a poll on it with
 * 2–5 answers, follow the votes as they come and close it, which freezes the results; the event's
 * earlier polls stay listed with their results. `?event=` keeps the chosen event in the address.
 */
export function PollsPage() {
  const { t } = useTranslation('engagement');
  const errorText = useEngagementErrorText();
  const events = useGetPollableEventsQuery();
  const [search, setSearch] = useSearchParams();
  const chosen = Number(search.get('event')) || null;
  let body;
  if (events.isLoading) body = <Loader label={t('loading')} />;
  else if (events.isError || !events.data) body = <ErrorPanel title={t('polls.errorTitle')} message={errorText(events.error)} actionLabel={t('retry')} onAction={() => void events.refetch()} />;
  else if (events.data.length === 0) body = <EmptyState title={t('polls.noEvents')} />;
  else {
    const options = events.data.map((event) => ({ value: String(event.id), label: `${event.streamStatus === 'live' ? `● ${t('polls.live')}` : t('polls.upcoming')} · ${event.name}` }));
    body = (
      <Stack gap="lg">
        <Select
          label={t('polls.event')}
          name="event"
          placeholder={t('polls.choose')}
          options={options}
          value={chosen === null ? '' : String(chosen)}
          onChange={(e) => setSearch(e.target.value ? { event: e.target.value } : {}, { replace: true })}
        />
        {chosen !== null && <EventPolls eventId={chosen} />}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageTitle>{t('polls.title')}</PageTitle>
      <Text tone="muted">{t('polls.intro')}</Text>
      {body}
    </Stack>
  );
}

const AnswerRow = styled.div`
  display: flex;
  gap: var(--gs-space-sm);
  align-items: end;

  & > :first-child {
    flex: 1;
  }
`;

const Results = styled.ul`
  display: grid;
  gap: var(--gs-space-xs);
  margin: 0;
  padding: 0;
  list-style: none;
`;
