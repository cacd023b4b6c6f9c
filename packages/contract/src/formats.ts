// The spec §5 formats, as plain functions with no schema code: the site checks a form with them
// before sending and the server checks the request with the same ones, so both always agree.

/** A standard address: a local part, an @ and a dotted domain (the WHATWG pattern with a dot required). */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** spec §5: the email check also accepts a numeric form, digits and parentheses only. */
const NUMERIC_PATTERN = /^[0-9()]+$/;
/** spec §5: optional leading plus, then digits and separators (space, dot, hyphen, parentheses). */
const PHONE_PATTERN = /^\+?[0-9()\s.-]+$/;

/** spec §5: a standard address, or the numeric form; surrounding spaces do not count. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && (EMAIL_PATTERN.test(email) || NUMERIC_PATTERN.test(email));
}

/** spec §5: optional leading plus, 10 to 14 digits, separators allowed. */
export function isValidPhone(value: string): boolean {
  const phone = value.trim();
  if (!PHONE_PATTERN.test(phone)) return false;
  const digits = phone.replace(/[^0-9]/g, '').length;
  return digits >= 10 && digits <= 14;
}
