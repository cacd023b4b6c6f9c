import { formatDate } from '@grandstand/i18n';

/** A wire date (ISO 8601) in the viewer's language: "Jun 1, 2026", "1 juin 2026". */
export function formatIsoDate(iso: string, language: string): string {
  return formatDate(Date.parse(iso), language);
}

/** Card brands come lowercased from the provider ("visa"); shown as a name. */
export function brandName(brand: string): string {
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : brand;
}
