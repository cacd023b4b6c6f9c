import type { ChannelFaqItem } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { Button, ButtonRow, ErrorPanel, FormMessage, Item, ItemList, Loader, PageTitle, Stack, Text, TextArea, TextField } from '@grandstand/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useGetChannelFaqQuery, useUpdateChannelFaqMutation } from '../../channelsApi.ts';
import { errorField, useChannelsErrorText } from '../../errors.ts';
import { useChannelsOperator } from '../../operator.tsx';

/** The contract's limits (ChannelFaqItem), said before the server would. */
const QUESTION_MAX = 300;
const ANSWER_MAX = 5000;

interface Row extends ChannelFaqItem {
  /** Keeps a row's fields (and focus) with it when rows move. */
  key: number;
}

let nextKey = 0;
const rowOf = (item: ChannelFaqItem): Row => ({ ...item, key: nextKey++ });

function FaqForm({ items }: { items: ChannelFaqItem[] }) {
  const { t } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const [update, { isLoading }] = useUpdateChannelFaqMutation();
  const [rows, setRows] = useState<Row[]>(() => items.map(rowOf));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const focus = (name: string) => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus());
  const edit = (index: number, part: 'question' | 'answer', value: string) => {
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [part]: value } : row)));
    setProblems((current) => ({ ...current, [`items.${index}.${part}`]: '' }));
  };
  const move = (index: number, by: -1 | 1) => {
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
    setProblems({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found: Record<string, string> = {};
    rows.forEach((row, index) => {
      for (const [part, max] of [['question', QUESTION_MAX], ['answer', ANSWER_MAX]] as const) {
        const value = row[part].trim();
        if (value === '') found[`items.${index}.${part}`] = t('errors.required');
        else if (value.length > max) found[`items.${index}.${part}`] = t('errors.tooLong', { max });
      }
    });
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      setOutcome({ tone: 'error', text: t('faq.fixErrors') });
      focus(first);
      return;
    }
    const result = await update({ items: rows.map(({ question, answer }) => ({ question: question.trim(), answer: answer.trim() })) });
    if (result.error) {
      const field = errorField(result.error);
      if (field && formRef.current?.querySelector(`[name="${CSS.escape(field)}"]`)) {
        setProblems({ [field]: errorText(result.error) });
        setOutcome({ tone: 'error', text: t('faq.fixErrors') });
        focus(field);
      } else setOutcome({ tone: 'error', text: errorText(result.error) });
      return;
    }
    setOutcome({ tone: 'success', text: t('faq.saved') });
  };

  return (
    <Stack as="form" ref={formRef} gap="md" noValidate onSubmit={(event: FormEvent) => void submit(event)}>
      {rows.length === 0 ? (
        <Text tone="muted">{t('faq.empty')}</Text>
      ) : (
        <ItemList>
          {rows.map((row, index) => {
            const number = index + 1;
            return (
              <Item key={row.key} aria-label={t('faq.item', { number })}>
                <Stack gap="xs" style={{ flex: '1 1 100%' }}>
                  <TextField
                    label={t('faq.question', { number })}
                    name={`items.${index}.question`}
                    required
                    value={row.question}
                    error={problems[`items.${index}.question`] || undefined}
                    onChange={(event) => edit(index, 'question', event.target.value)}
                  />
                  <TextArea
                    label={t('faq.answer', { number })}
                    name={`items.${index}.answer`}
                    required
                    rows={3}
                    hint={t('faq.answerHint')}
                    value={row.answer}
                    error={problems[`items.${index}.answer`] || undefined}
                    onChange={(event) => edit(index, 'answer', event.target.value)}
                  />
                  <ButtonRow>
                    <Button type="button" size="sm" variant="secondary" disabled={index === 0} aria-label={t('faq.moveUp', { number })} onClick={() => move(index, -1)}>
                      {t('faq.up')}
                    </Button>
                    <Button type="button" size="sm" variant="secondary" disabled={index === rows.length - 1} aria-label={t('faq.moveDown', { number })} onClick={() => move(index, 1)}>
                      {t('faq.down')}
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      aria-label={t('faq.remove', { number })}
                      onClick={() => {
                        setRows((current) => current.filter((_, at) => at !== index));
                        setProblems({});
                      }}
                    >
                      {t('faq.delete')}
                    </Button>
                  </ButtonRow>
                </Stack>
              </Item>
            );
          })}
        </ItemList>
      )}
      <ButtonRow>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setRows((current) => [...current, rowOf({ question: '', answer: '' })]);
            focus(`items.${rows.length}.question`);
          }}
        >
          {t('faq.add')}
        </Button>
      </ButtonRow>
      <FormMessage tone="success">{outcome?.tone === 'success' ? outcome.text : ''}</FormMessage>
      <FormMessage tone="error">{outcome?.tone === 'error' ? outcome.text : ''}</FormMessage>
      <ButtonRow>
        <Button type="submit" size="lg" loading={isLoading}>
          {t('faq.save')}
        </Button>
      </ButtonRow>
    </Stack>
  );
}

/**
 * `/console/faq` (the channel's owners): the FAQ's questions and answers in their order, each moved,
 * removed or added, saved as a whole; a field the check or the server refuses is named and focused.
 */
export function FaqPage() {
  const { t } = useTranslation('channels');
  const errorText = useChannelsErrorText();
  const { channel } = useChannelsOperator();
  const faq = useGetChannelFaqQuery();
  let body;
  if (faq.isLoading) body = <Loader label={t('loading')} />;
  else if (faq.isError || !faq.data) body = <ErrorPanel title={t('faq.errorTitle')} message={errorText(faq.error)} actionLabel={t('retry')} onAction={() => void faq.refetch()} />;
  else body = <FaqForm items={faq.data.items} />;
  return (
    <Stack gap="lg">
      <PageTitle>{t('faq.title')}</PageTitle>
      <Text tone="muted">{t('faq.intro', { channel: channel.name })}</Text>
      {body}
    </Stack>
  );
}
