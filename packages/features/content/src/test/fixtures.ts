import type { FakeHandler, FakeRequest } from '@grandstand/api-client/testing';
import type { ChannelSettings, CustomForm, FaqItem, PageDetail } from '@grandstand/contract';
import { testSettings } from '@grandstand/test-kit/fixtures';

/** A schools channel with an about block whose HTML needs sanitising. */
export const settings = testSettings({
  name: 'Northfield Schools Network',
  static_blocks: [{ alias: 'about', title: 'About Northfield Schools Network', content: '<p>Student-produced <strong>coverage</strong>.</p><img src="x" alt="Crew at work" onerror="window.hacked = true">' }],
});

export const faq: FaqItem[] = [
  { id: 2, question: 'Can I watch on my TV?', answer: '<p>Yes, link a device from your profile.</p>', position: 2 },
  { id: 1, question: 'How do I buy a pass?', answer: '<p>Open <a href="/packages" target="_blank">Packages</a>.</p><script>window.hacked = true</script>', position: 1 },
];

export const contactsForm: CustomForm = {
  alias: 'contacts',
  title: 'Contact us',
  fields: [
    { name: 'name', label: 'Full name', type: 'text', required: true },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'phone', label: 'Phone', type: 'phone', required: false },
    { name: 'topic', label: 'Topic', type: 'select', required: true, options: ['Passes and billing', 'Other'] },
    { name: 'message', label: 'Message', type: 'textarea', required: true },
    { name: 'consent', label: 'You may contact me about this request.', type: 'checkbox', required: true },
  ],
};

export const aboutPage: PageDetail = {
  id: 7,
  url: '/about-us',
  name: 'About us',
  alt_name: 'About Northfield Schools Network',
  content: '<h2>Where the money goes</h2><p>To the schools.</p><iframe src="https://evil.example"></iframe>',
};

export interface FakeContentOptions {
  settings?: ChannelSettings;
  faq?: FaqItem[];
  /** null: the channel has no such form (the server answers 404). */
  forms?: Record<string, CustomForm | null>;
  pages?: PageDetail[];
  /** The answer to POST /custom-forms/{alias}; 200 with an id by default. */
  onSubmit?: FakeHandler;
}

/** The calls the content views make, answered as the server does; other routes answer 404. */
export function contentRoutes(options: FakeContentOptions = {}): Record<string, FakeHandler> {
  const routes: Record<string, FakeHandler> = {
    'GET /settings': () => ({ json: { data: options.settings ?? settings } }),
    'GET /faq': () => ({ json: { data: options.faq ?? faq } }),
  };
  const forms = options.forms ?? { contacts: contactsForm };
  for (const [alias, form] of Object.entries(forms)) {
    routes[`GET /custom-forms/${alias}`] = () => (form ? { json: { data: form } } : { status: 404, json: { message: 'Form not found.', field: 'alias' } });
    if (form) routes[`POST /custom-forms/${alias}`] = options.onSubmit ?? (() => ({ json: { data: { id: 1 } } }));
  }
  for (const page of options.pages ?? [aboutPage]) routes[`GET /pages/${page.id}`] = () => ({ json: { data: page } });
  return routes;
}

export type { FakeRequest };
