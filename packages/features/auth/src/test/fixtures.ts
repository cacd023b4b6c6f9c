import type { ColorSettings, User } from '@grandstand/contract';

/** Navy and gold, the first demo channel's colours. */
export const testColors: ColorSettings = {
  'header-background': '#0b1f3a',
  'header-text-color': '#ffffff',
  'body-background': '#f5f7fa',
  'body-text-color': '#14213d',
  'footer-background': '#0b1f3a',
  'footer-text-color': '#e5e9f0',
  'primary-color': '#f2a900',
  'secondary-color': '#1d4e89',
};

export const viewer: User = {
  id: 7,
  email: 'fan@example.com',
  first_name: 'Sam',
  last_name: 'Lee',
  temporary_password: false,
  trial_period_used: false,
  is_geo_blocked: false,
  capabilities: ['watch'],
  featureCount: {},
};

/** The visitor key the fake channel API issues. */
export const VISITOR_KEY = 'test-api-key-0001';
