import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { formatDollars, orderTotalCents, toCents, toDollars } from '#shared/money.ts';
import type { PurchaseInput } from '#shared/schemas/order.ts';
import type { Tool } from '#shared/schemas/tool.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/text-field.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreatePurchase } from '#web/features/orders/api/create-purchase.ts';
import {
  decrease,
  increase,
  initialQuantity,
  parseQuantity,
  typed,
  withinBounds,
  type QuantityState,
} from '#web/features/orders/quantity.ts';
import { QuantityControl } from './quantity-control.tsx';
import { AppForm } from '#web/components/ui/app-form.tsx';

// The fields the customer types; the quantity has its own control and rules.
type ContactName = 'phone' | 'address';
type ContactValues = Pick<z.input<typeof PurchaseInput>, ContactName>;
const contactResolver = lazyZodResolver<ContactValues, Pick<z.output<typeof PurchaseInput>, ContactName>>(
  () =>
    import('#shared/schemas/order.ts').then((schemas) =>
      schemas.PurchaseInput.pick({ phone: true, address: true }),
    ),
);

const EMPTY: ContactValues = { phone: '', address: '' };
const CONTACT_FIELDS: readonly ContactName[] = ['phone', 'address'];

// The signed-in account's name and email: shown, not edited (SPEC §2).
const readOnlyClass = 'bg-base-200! text-slate-700! cursor-default';

interface PurchaseFormProps {
  tool: Tool;
  customer: { name: string; email: string };
}

/** SPEC §2 Purchase page, right: 'Fill the form'. */
export function PurchaseForm({ tool, customer }: PurchaseFormProps) {
  const purchase = useCreatePurchase();
  // SPEC §4: the quantity starts at the minimum order; the page mounts this form once the tool is loaded.
  const [quantity, setQuantity] = useState<QuantityState>(() => initialQuantity(tool));
  const [formErrors, setFormErrors] = useState<string[]>([]);
  // After an answer, where the order is: a new one, or the unpaid one that blocked this one.
  const [notice, setNotice] = useState<'added' | 'already' | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues, unknown, Pick<z.output<typeof PurchaseInput>, ContactName>>({
    resolver: contactResolver,
    defaultValues: EMPTY,
  });

  const count = parseQuantity(quantity.text);
  const valid = withinBounds(count, tool);
  const total = count === null ? null : toDollars(orderTotalCents(toCents(tool.price), count));

  const onSubmit = handleSubmit(async (contact) => {
    if (!valid) return;
    setFormErrors([]);
    setNotice(null);
    try {
      const result = await purchase.mutateAsync({
        toolsId: tool._id,
        name: customer.name,
        email: customer.email,
        phone: contact.phone,
        address: contact.address,
        productName: tool.name,
        productPrice: tool.price,
        productImg: tool.img,
        quantity: count,
      });
      if (result.acknowledged) {
        toast.success('Successfully added Item');
        reset(EMPTY);
        setNotice('added');
      } else {
        toast.error('already purchase this item');
        setNotice('already');
      }
    } catch (failure) {
      setFormErrors(applyServerErrors(failure, setError, CONTACT_FIELDS));
    }
  });

  return (
    <section
      aria-labelledby="purchase-form-heading"
      className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
    >
      <h2 id="purchase-form-heading" className="text-2xl font-extrabold text-slate-900">
        Fill the form
      </h2>
      <AppForm onFocus={contactResolver.preload} onSubmit={onSubmit} className="mt-5 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" value={customer.name} readOnly className={readOnlyClass} />
          <TextField label="Email" type="email" value={customer.email} readOnly className={readOnlyClass} />
        </div>
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="e.g. +1 555 010 2030"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextAreaField
          label="Address"
          rows={3}
          autoComplete="street-address"
          placeholder="Street, city, postcode, country"
          error={errors.address?.message}
          {...register('address')}
        />
        <QuantityControl
          text={quantity.text}
          alert={quantity.alert}
          minimumOrder={tool.minimumOrder}
          availableQuantity={tool.availableQuantity}
          invalid={!valid}
          onDecrease={() => setQuantity((state) => decrease(state, tool))}
          onIncrease={() => setQuantity((state) => increase(state, tool))}
          onType={(text) => setQuantity(typed(text, tool))}
        />
        <div className="flex flex-col gap-3 border-t border-base-300 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-600">
            Total{' '}
            <output aria-live="polite" className="ml-1 text-2xl font-extrabold text-slate-900">
              {total === null ? '—' : formatDollars(total)}
            </output>
          </p>
          <SubmitButton pending={isSubmitting} disabled={!valid} className="btn-primary sm:min-w-40">
            Purchase
          </SubmitButton>
        </div>
      </AppForm>
      <FormAlert messages={formErrors} className="mt-4" />
      {notice && (
        <p role="status" className="mt-4 rounded-field border border-base-300 bg-base-200 px-4 py-3 text-sm">
          {notice === 'added'
            ? 'Your order is waiting in '
            : 'You already have an unpaid order of this tool in '}
          <Link to="/dashboard/myOrders" className="link font-semibold text-rust">
            My Orders
          </Link>
          {notice === 'added' ? ', ready to pay.' : '. Pay for it or cancel it there first.'}
        </p>
      )}
    </section>
  );
}
