// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { TextAreaField, TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError } from './api-client.ts';
import { applyServerErrors } from './form-errors.ts';

interface Contact {
  phone: string;
  address: string;
}

/** A form as the store's forms are built, whose submit fails with `failure`. */
function ContactForm({ failure }: { failure: unknown }) {
  const [alert, setAlert] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Contact>({ defaultValues: { phone: '', address: '' } });
  const onSubmit = handleSubmit(() => setAlert(applyServerErrors(failure, setError, ['phone', 'address'])));
  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField label="Phone" error={errors.phone?.message} {...register('phone')} />
      <TextAreaField label="Address" error={errors.address?.message} {...register('address')} />
      <button type="submit">Send</button>
      <FormAlert messages={alert} />
    </form>
  );
}

async function submitFailingWith(failure: unknown) {
  render(<ContactForm failure={failure} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
}

const invalid = (fields: Record<string, string>) =>
  new ApiRequestError(400, 'invalid_input', 'Some fields are invalid', fields);

describe('applyServerErrors', () => {
  afterEach(cleanup);

  it("puts the server's messages under their fields and focuses the form's first one", async () => {
    // The server names the address first; the phone comes first in the form.
    await submitFailingWith(invalid({ address: 'Address is required', phone: 'Enter a phone number' }));
    const phone = screen.getByLabelText('Phone');
    const address = screen.getByLabelText('Address');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a phone number',
    );
    expect(document.getElementById(address.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Address is required',
    );
    expect(document.activeElement).toBe(phone);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('focuses the only field named, and shows a field the form lacks in its alert', async () => {
    await submitFailingWith(invalid({ address: 'Address is required', quantity: 'The minimum order is 10' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Address'));
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('The minimum order is 10');
  });

  it("shows the failure's own message when it names no field", async () => {
    await submitFailingWith(new ApiRequestError(409, 'out_of_stock', 'Only 3 left in stock'));
    expect(screen.getByRole('alert').textContent).toBe('Only 3 left in stock');
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' }));
  });
});
