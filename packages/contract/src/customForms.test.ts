import { describe, expect, it } from 'vitest';
import type { CustomFormField } from './channel.ts';
import { CustomFormField as CustomFormFieldSchema } from './channel.ts';
import { checkCustomForm, checkCustomFormField, CUSTOM_FORM_FIELD_TYPES, customFormMaxLength, emptyCustomFormValues } from './customForms.ts';

const field = (type: CustomFormField['type'], extra: Partial<CustomFormField> = {}): CustomFormField => ({ name: type, label: type, type, required: true, ...extra });

describe('checkCustomFormField', () => {
  it('asks for required values, blank text included', () => {
    expect(checkCustomFormField(field('text'), '   ')).toEqual({ kind: 'required' });
    expect(checkCustomFormField(field('text'), undefined)).toEqual({ kind: 'required' });
    expect(checkCustomFormField(field('select', { options: ['A'] }), '')).toEqual({ kind: 'required' });
    expect(checkCustomFormField(field('checkbox'), false)).toEqual({ kind: 'required' });
    expect(checkCustomFormField(field('checkbox'), undefined)).toEqual({ kind: 'required' });
    expect(checkCustomFormField(field('checkbox'), true)).toBeNull();
  });

  it('lets optional fields stay empty but checks what is typed', () => {
    const phone = field('phone', { required: false });
    expect(checkCustomFormField(phone, '')).toBeNull();
    expect(checkCustomFormField(phone, undefined)).toBeNull();
    expect(checkCustomFormField(phone, '123')).toEqual({ kind: 'phone' });
    expect(checkCustomFormField(phone, ' +1 (555) 123-4567 ')).toBeNull();
    expect(checkCustomFormField(field('email', { required: false }), 'nope')).toEqual({ kind: 'email' });
    expect(checkCustomFormField(field('checkbox', { required: false }), false)).toBeNull();
  });

  it('limits lengths after trimming: 5,000 characters for a text area, 200 for the others', () => {
    expect(checkCustomFormField(field('textarea'), 'x'.repeat(5000))).toBeNull();
    expect(checkCustomFormField(field('textarea'), 'x'.repeat(5001))).toEqual({ kind: 'maxLength', number: 5000 });
    expect(checkCustomFormField(field('text'), 'x'.repeat(201))).toEqual({ kind: 'maxLength', number: 200 });
    expect(checkCustomFormField(field('text'), ` ${'x'.repeat(200)} `)).toBeNull();
    expect(customFormMaxLength({ type: 'textarea' })).toBe(5000);
    expect(customFormMaxLength({ type: 'email' })).toBe(200);
  });

  it('takes a select value only among its options', () => {
    expect(checkCustomFormField(field('select', { options: ['Billing', 'Other'] }), 'Other')).toBeNull();
    expect(checkCustomFormField(field('select', { options: ['Billing', 'Other'] }), 'Hacking')).toEqual({ kind: 'option' });
    expect(checkCustomFormField(field('select'), 'Other')).toEqual({ kind: 'option' });
  });

  it('takes a boolean for a checkbox and text for the others, before anything else', () => {
    expect(checkCustomFormField(field('checkbox'), 'yes')).toEqual({ kind: 'notBoolean' });
    expect(checkCustomFormField(field('text', { required: false }), true)).toEqual({ kind: 'notText' });
  });
});

describe('checkCustomForm', () => {
  it('names every field with a problem and none without', () => {
    const fields = [field('text', { name: 'name' }), field('email', { name: 'email' }), field('checkbox', { name: 'consent', required: false })];
    expect(checkCustomForm(fields, emptyCustomFormValues(fields))).toEqual({ name: { kind: 'required' }, email: { kind: 'required' } });
    expect(checkCustomForm(fields, { name: 'Ann', email: 'ann@example.org', consent: false })).toEqual({});
  });

  it('reads only the form’s own values', () => {
    expect(checkCustomForm([field('text', { name: 'constructor' })], {})).toEqual({ constructor: { kind: 'required' } });
  });
});

describe('emptyCustomFormValues', () => {
  it('gives unticked boxes and empty text', () => {
    expect(emptyCustomFormValues([field('checkbox', { name: 'consent' }), field('textarea', { name: 'message' })])).toEqual({ consent: false, message: '' });
  });
});

describe('the field kinds', () => {
  it('are the kinds the form schema takes', () => {
    for (const type of CUSTOM_FORM_FIELD_TYPES) expect(CustomFormFieldSchema.parse(field(type)).type).toBe(type);
    expect(() => CustomFormFieldSchema.parse({ ...field('text'), type: 'date' })).toThrow();
  });
});
