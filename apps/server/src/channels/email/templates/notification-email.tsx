import type { Language } from '@radar/shared';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import { Fragment } from 'react';
import { emailText } from './notification-texts';

export type NotificationEmailItem = {
  title: string;
  body: string;
  /** The button's page: the tournament (`${PUBLIC_URL}/competition/<guid>`), else the notification. */
  url: string;
  action: 'openTournament' | 'open';
  /** The published file (order of play, document) on our server, with its link's words. */
  file: { url: string; label: string } | null;
  /** Why a new tournament matched, translated, with the values (`Regione: Lazio`). */
  reasons: string[];
  matchingFilters: number | null;
  /** Further lines, already translated: dates, place, draws, category, deadline, document. */
  details: string[];
};

export type NotificationEmailProps = {
  language: Language;
  username: string;
  items: NotificationEmailItem[];
  /** `${PUBLIC_URL}/communication` */
  inboxUrl: string;
  /** The tokenised unsubscribe page (also the List-Unsubscribe address). */
  unsubscribeUrl: string;
  /** Translated names of the preference groups this email is about. */
  groupLabels: string[];
};

const colors = { text: '#111418', muted: '#5b6472', accent: '#1d4ed8', border: '#dde3ec', page: '#f4f6fa' };

const styles = {
  body: { backgroundColor: colors.page, color: colors.text, fontFamily: 'Helvetica, Arial, sans-serif' },
  container: {
    backgroundColor: '#ffffff',
    border: `1px solid ${colors.border}`,
    borderRadius: '12px',
    margin: '24px auto',
    maxWidth: '560px',
    padding: '24px',
  },
  brand: { color: colors.accent, fontSize: '14px', fontWeight: 700, letterSpacing: '0.04em', margin: 0 },
  item: { borderTop: `1px solid ${colors.border}`, padding: '16px 0' },
  title: { fontSize: '18px', lineHeight: '24px', margin: '0 0 8px' },
  text: { fontSize: '15px', lineHeight: '22px', margin: '0 0 8px' },
  muted: { color: colors.muted, fontSize: '13px', lineHeight: '18px', margin: '0 0 8px' },
  button: {
    backgroundColor: colors.accent,
    borderRadius: '8px',
    color: '#ffffff',
    fontSize: '14px',
    fontWeight: 600,
    padding: '10px 16px',
    textDecoration: 'none',
  },
  link: { color: colors.accent },
} as const;

/** One email for one notification, or a digest of several created in the same run. */
export function NotificationEmail(props: NotificationEmailProps) {
  const { language, items } = props;
  const digest = items.length > 1;
  const preview = digest ? emailText(language, 'digestSubject', { count: items.length }) : items[0]?.title;
  return (
    <Html lang={language}>
      <Head />
      {preview ? <Preview>{preview}</Preview> : null}
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>RADAR TORNEI</Text>
          <Text style={styles.text}>{emailText(language, 'greeting', { username: props.username })}</Text>
          <Text style={styles.text}>{emailText(language, digest ? 'digestIntro' : 'singleIntro')}</Text>
          {items.map((item) => (
            <Section key={item.url} style={styles.item}>
              <Heading as="h2" style={styles.title}>
                {item.title}
              </Heading>
              <Text style={styles.text}>{item.body}</Text>
              {item.reasons.length > 0 ? (
                <Text style={styles.muted}>
                  {emailText(language, 'reasons')}
                  {item.reasons.map((reason) => (
                    <Fragment key={reason}>
                      <br />
                      {`· ${reason}`}
                    </Fragment>
                  ))}
                </Text>
              ) : null}
              {item.matchingFilters ? (
                <Text style={styles.muted}>
                  {emailText(language, 'matchingFilters', { count: item.matchingFilters })}
                </Text>
              ) : null}
              {item.details.map((detail) => (
                <Text key={detail} style={styles.muted}>
                  {detail}
                </Text>
              ))}
              <Button href={item.url} style={styles.button}>
                {emailText(language, item.action)}
              </Button>
              {item.file ? (
                <Text style={styles.text}>
                  <Link href={item.file.url} style={styles.link}>
                    {item.file.label}
                  </Link>
                </Text>
              ) : null}
            </Section>
          ))}
          {digest ? (
            <Text style={styles.text}>
              <Link href={props.inboxUrl} style={styles.link}>
                {emailText(language, 'viewAll')}
              </Link>
            </Text>
          ) : null}
          <Hr style={{ borderColor: colors.border }} />
          <Text style={styles.muted}>
            {emailText(language, 'whyYouGetThis', { groups: props.groupLabels.join(', ') })}
          </Text>
          <Text style={styles.muted}>
            <Link href={props.unsubscribeUrl} style={styles.link}>
              {emailText(language, 'manage')}
            </Link>
            {' · '}
            <Link href={props.unsubscribeUrl} style={styles.link}>
              {emailText(language, 'unsubscribe')}
            </Link>
          </Text>
          <Text style={styles.muted}>{emailText(language, 'footer')}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export type RenderedEmail = { subject: string; html: string; text: string };

/** The subject, HTML and plain-text bodies of a notification email. */
export async function renderNotificationEmail(props: NotificationEmailProps): Promise<RenderedEmail> {
  const first = props.items[0];
  if (!first) throw new Error('a notification email needs at least one notification');
  const subject =
    props.items.length > 1
      ? emailText(props.language, 'digestSubject', { count: props.items.length })
      : first.title;
  const element = <NotificationEmail {...props} />;
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      // Titles keep their case in the text version (the default shouts them in capitals).
      htmlToTextOptions: {
        selectors: [
          { selector: 'h2', options: { uppercase: false } },
          { selector: 'p', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
        ],
      },
    }),
  ]);
  return { subject, html, text };
}
