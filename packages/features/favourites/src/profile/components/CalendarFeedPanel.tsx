import { useErrorText, useTranslation } from '@grandstand/i18n';
import { addToast, confirmPopup, useAppDispatch } from '@grandstand/store';
import { Button, ErrorPanel, Loader, SectionTitle, Stack, Text, TextField } from '@grandstand/ui';
import { useId, useRef } from 'react';
import styled from 'styled-components';
import { useGetCalendarFeedQuery, useRenewCalendarFeedMutation } from '../../favouritesApi.ts';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--gs-space-sm);
`;

/** A `webcal:` address opens the calendar app, which the site's link component cannot route. */
const SubscribeLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 2.75rem;
  padding: var(--gs-space-sm) var(--gs-space-md);
  border: 2px solid var(--gs-primary-color);
  border-radius: var(--gs-radius-md);
  background: var(--gs-primary-color);
  color: var(--gs-primary-contrast);
  font-weight: var(--gs-font-weight-bold);
  line-height: 1.2;
  text-decoration: none;

  &:focus-visible {
    outline: 3px solid var(--gs-focus-ring);
    outline-offset: 2px;
  }
`;

/**
 * The viewer's private calendar address (GET /favorites/calendar): copy it, subscribe with the
 * `webcal:` link, or get a new one after a confirmation that says the old one stops working.
 */
export function CalendarFeedPanel() {
  const { t } = useTranslation(['favouritesProfile', 'errors']);
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const { data: feed, error, isLoading, isFetching, refetch } = useGetCalendarFeedQuery();
  const [renewFeed, renewing] = useRenewCalendarFeedMutation();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      dispatch(addToast({ message: t('favouritesProfile:calendar.copied'), type: 'success' }));
    } catch {
      // No clipboard (an insecure page, a refusal): the address is selected for the viewer to copy.
      fieldRef.current?.select();
      dispatch(addToast({ message: t('favouritesProfile:calendar.copyFailed'), type: 'error' }));
    }
  };

  const renew = async () => {
    const confirmed = await dispatch(
      confirmPopup({
        title: t('favouritesProfile:calendar.renewTitle'),
        message: t('favouritesProfile:calendar.renewMessage'),
        okLabel: t('favouritesProfile:calendar.renewOk'),
        cancelLabel: t('favouritesProfile:calendar.renewKeep'),
      }),
    );
    if (!confirmed) return;
    try {
      await renewFeed().unwrap();
      dispatch(addToast({ message: t('favouritesProfile:calendar.renewed'), type: 'success' }));
    } catch {
      dispatch(addToast({ message: t('favouritesProfile:calendar.renewFailed'), type: 'error' }));
    }
  };

  let content;
  if (isLoading) content = <Loader label={t('favouritesProfile:calendar.loading')} />;
  else if (!feed)
    content = (
      <ErrorPanel
        title={t('favouritesProfile:calendar.loadFailed')}
        message={errorText(error)}
        actionLabel={t('favouritesProfile:calendar.retry')}
        onAction={() => void refetch()}
        actionDisabled={isFetching}
      />
    );
  else
    content = (
      <>
        <TextField ref={fieldRef} label={t('favouritesProfile:calendar.address')} value={feed.url} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Actions>
          <Button onClick={() => void copy(feed.url)}>{t('favouritesProfile:calendar.copy')}</Button>
          <SubscribeLink href={feed.webcal_url}>{t('favouritesProfile:calendar.subscribe')}</SubscribeLink>
          <Button variant="ghost" loading={renewing.isLoading} onClick={() => void renew()}>
            {t('favouritesProfile:calendar.renew')}
          </Button>
        </Actions>
      </>
    );

  return (
    <Stack as="section" aria-labelledby={titleId}>
      <SectionTitle as="h3" id={titleId}>
        {t('favouritesProfile:calendar.title')}
      </SectionTitle>
      <Text tone="muted">{t('favouritesProfile:calendar.intro')}</Text>
      {content}
    </Stack>
  );
}
