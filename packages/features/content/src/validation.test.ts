import type { CustomFormField } from '@grandstand/contract';
import { describe, expect, it } from 'vitest';
import { emptyValues, validateField, validateForm } from './validation.ts';

const field = (type: CustomFormField['type'], extra: Partial<CustomFormField> = {}): CustomFormField => ({ name: type, label: type, type, required: true, ...extra });

describe('validateField', () => {
  it('asks for required values, blank text included', () => {
    expect(validateField(field('text'), '   ')).toEqual({ kind: 'required' });
    expect(validateField(field('select', { options: ['A'] }), '')).toEqual({ kind: 'required' });
    expect(validateField(field('checkbox'), false)).toEqual({ kind: 'required' });
    expect(validateField(field('checkbox'), true)).toBeNull();
  });

  it('lets optional fields stay empty but checks what is typed', () => {
    const phone = field('phone', { required: false });
    expect(validateField(phone, '')).toBeNull();
    expect(validateField(phone, '123')).toEqual({ kind: 'phone' });
    expect(validateField(field('email', { required: false }), 'nope')).toEqual({ kind: 'email' });
  });

  it('limits lengths: 5,000 characters for a text area, 200 for the others', () => {
    expect(validateField(field('textarea'), 'x'.repeat(5000))).toBeNull();
    expect(validateField(field('textarea'), 'x'.repeat(5001))).toEqual({ kind: 'maxLength', number: 5000 });
    expect(validateField(field('text'), 'x'.repeat(201))).toEqual({ kind: 'maxLength', number: 200 });
  });

  it('takes a select value only among its options', () => {
    expect(validateField(field('select', { options: ['Billing', 'Other'] }), 'Other')).toBeNull();
    expect(validateField(field('select', { options: ['Billing', 'Other'] }), 'Hacking')).toEqual({ kind: 'option' });
  });
});

describe('validateForm', () => {
  it('names every field with a problem and none without', () => {
    const fields = [field('text', { name: 'name' }), field('email', { name: 'email' }), field('checkbox', { name: 'consent', required: false })];
    expect(validateForm(fields, emptyValues(fields))).toEqual({ name: { kind: 'required' }, email: { kind: 'required' } });
    expect(validateForm(fields, { name: 'Ann', email: 'ann@example.org', consent: false })).toEqual({});
  });
});
