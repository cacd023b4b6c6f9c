import type { ColorSettings } from '@grandstand/contract';
import { useTranslation } from '@grandstand/i18n';
import { createChannelTheme, themeToCssVariables } from '@grandstand/ui';
import { useId, useMemo, type CSSProperties } from 'react';
import { ThemeProvider } from 'styled-components';
import { Bar, Brand, Card, CardBody, CardPicture, Frame, Body, Footer, LiveBadge, Login, Menu, PreviewFigure, Price, Tools, Watch } from './LookPreview.styles.ts';

export interface LookPreviewProps {
  name: string;
  /** The logo as the header shows it; the name stands in without one. */
  logoUrl: string | null;
  colors: ColorSettings;
}

/**
 * A framed miniature of the viewer's page in the edited theme: the header, an event card with its
 * LIVE badge and button, the footer. The theme is made by the site's own `createChannelTheme` (so a
 * text colour too faint on its background is adjusted here as the site adjusts it), and its tokens
 * are set as CSS variables on the frame only, so the control room around it keeps its own colours.
 * Nothing in it is a control: it is a picture with words, described by its caption.
 */
export function LookPreview({ name, logoUrl, colors }: LookPreviewProps) {
  const { t } = useTranslation('channels');
  const captionId = useId();
  const theme = useMemo(() => createChannelTheme(colors), [colors]);
  const variables = useMemo(() => themeToCssVariables(theme) as CSSProperties, [theme]);
  return (
    <PreviewFigure aria-labelledby={captionId}>
      <figcaption id={captionId}>{t('look.preview.label')}</figcaption>
      <ThemeProvider theme={theme}>
        <Frame style={variables} data-testid="look-preview">
          <Bar data-part="header">
            <Brand>{logoUrl ? <img src={logoUrl} alt={name} /> : name}</Brand>
            <Tools>
              <Menu>
                <span>{t('look.preview.menu')}</span>
                <span>{t('look.preview.menu2')}</span>
              </Menu>
              <Login>{t('look.preview.login')}</Login>
            </Tools>
          </Bar>
          <Body data-part="body">
            <Card>
              <CardPicture data-part="picture">
                <LiveBadge data-part="live">{t('look.preview.live')}</LiveBadge>
              </CardPicture>
              <CardBody>
                <strong>{t('look.preview.game')}</strong>
                <span>{t('look.preview.when')}</span>
                <Price>{t('look.preview.price')}</Price>
                <Watch data-part="primary">{t('look.preview.watch')}</Watch>
              </CardBody>
            </Card>
          </Body>
          <Footer data-part="footer">{t('look.preview.footer', { channel: name })}</Footer>
        </Frame>
      </ThemeProvider>
    </PreviewFigure>
  );
}
