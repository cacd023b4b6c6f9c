import { useState } from 'react';
import type { ChangeEvent } from 'react';

/** A controlled text input's value and change handler. */
export function useField(initial = '') {
  const [value, setValue] = useState(initial);
  return { value, setValue, onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value) };
}
