import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AddToolInput, EditToolInput } from '#shared/schemas/admin.ts';
import type { Tool } from '#shared/schemas/tool.ts';
import { BusyButton } from '#web/components/ui/busy-button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { CATEGORIES } from '#shared/categories.ts';
import { SelectField, TextAreaField, TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useAddTool } from '#web/features/tools/api/add-tool.ts';
import { useEditTool } from '#web/features/tools/api/edit-tool.ts';
import type { ToolToEdit } from '#web/features/tools/api/get-tool.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';

const addToolInputResolver = lazyZodResolver<FormValues, z.output<typeof AddToolInput>>(() =>
  import('#shared/schemas/admin.ts').then((schemas) => schemas.AddToolInput),
);

type FormValues = z.input<typeof AddToolInput>;
type FieldName = keyof FormValues;

const FIELDS: readonly FieldName[] = [
  'name',
  'minimumOrder',
  'availableQuantity',
  'price',
  'img',
  'description',
  'category',
];

/** Saves of one edit, the first included, before a tool changed by others each time is left to the admin. */
const MOST_SAVES = 3;
const RELOAD_PAUSE_MS = 100;

const isStale = (failure: unknown) => failure instanceof ApiRequestError && failure.status === 412;

const valuesOf = (tool: Tool): FormValues => ({
  name: tool.name,
  minimumOrder: tool.minimumOrder,
  availableQuantity: tool.availableQuantity,
  price: tool.price,
  img: tool.img,
  description: tool.description,
  category: tool.category,
});

/**
 * SPEC §2 Add Products, and the same form filled in to edit a tool (`tool`). The spec
 * has no validation here; the server validates (DESIGN §5.3), and the form checks the same shared
 * schema first. A 400 from the server puts its messages under the fields. An edit sends only the
 * fields that differ from the tool, so that a price edit never writes back the stock it was opened with.
 *
 * An edit names the `version` of the tool it opened (If-Match), and keeps to that tool and version
 * whatever the page reads since, until the admin reloads it. When another admin (or a sale) changed
 * the tool in between, the server changes nothing (412); the form then reads the tool as it is now
 * (`reload`) and merges: if no one else changed a field the admin changed, it saves the admin's
 * fields again on the new version (a sale's stock, another admin's price stay); if someone did, it
 * says so and offers to reload the tool. A tool deleted in between is `onGone`.
 */
export function ToolForm({
  tool,
  version = null,
  reload,
  onSaved,
  onGone,
}: {
  tool?: Tool;
  version?: string | null;
  reload?: () => Promise<ToolToEdit>;
  onSaved?: (tool: Tool) => void;
  onGone?: () => void;
}) {
  const addTool = useAddTool();
  const editTool = useEditTool();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [opened, setOpened] = useState<ToolToEdit | undefined>(() => tool && { tool, version });
  // The server said the tool changed since it was opened: the alert offers to reload it.
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, z.output<typeof AddToolInput>>({
    resolver: addToolInputResolver,
    defaultValues: tool ? valuesOf(tool) : { category: 'other' },
  });

  const add = async (values: AddToolInput) => {
    const result = await addTool.mutateAsync(values);
    if (!result.acknowledged) {
      setFormErrors(['The product was not added. Please try again.']);
      return;
    }
    toast.success('Successfully add Product');
    reset();
  };

  const edit = async (from: ToolToEdit, values: AddToolInput) => {
    const { tool } = from;
    let { version } = from;
    const changes: EditToolInput = Object.fromEntries(
      FIELDS.filter((field) => values[field] !== tool[field]).map((field) => [field, values[field]]),
    );
    if (Object.keys(changes).length === 0) {
      setFormErrors(['Nothing has changed yet.']);
      return;
    }
    const changed = Object.keys(changes) as FieldName[];
    for (let saves = 1; ; saves++) {
      try {
        const saved = await editTool.mutateAsync({ id: tool._id, changes, version });
        toast.success(`Successfully updated ${saved.tool.name}`);
        setOpened(saved);
        reset(valuesOf(saved.tool));
        onSaved?.(saved.tool);
        return;
      } catch (failure) {
        if (!isStale(failure) || !reload || saves === MOST_SAVES) throw failure;
        // Changed since it opened: a conflict only where someone else changed a field this admin did.
        // Read a moment later, each time longer: the server's copy of the tool follows a sale made
        // through another instance a few milliseconds after it.
        await new Promise((resolve) => setTimeout(resolve, RELOAD_PAUSE_MS * saves));
        const now = await reload();
        const clashing = changed.filter((field) => now.tool[field] !== tool[field]);
        if (clashing.length) {
          failed(failure);
          if (clashing.includes('availableQuantity')) {
            setFormErrors((messages) => [
              ...messages,
              `Its available quantity changed (a sale or another admin) since you opened it: now ${now.tool.availableQuantity}.`,
            ]);
          }
          return;
        }
        version = now.version;
      }
    }
  };

  /** A failure of a save or a reload: a deleted tool is gone, a changed one is stale. */
  const failed = (failure: unknown) => {
    const status = failure instanceof ApiRequestError ? failure.status : 0;
    if (opened && status === 404 && onGone) return onGone();
    setStale(opened !== undefined && status === 412);
    setFormErrors(applyServerErrors(failure, setError, FIELDS));
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await (opened ? edit(opened, values) : add(values));
    } catch (failure) {
      failed(failure);
    }
  });

  const reloadTool = async () => {
    if (!reload) return;
    setReloading(true);
    try {
      const current = await reload();
      // The admin's changes stay where no one changed that field meanwhile (a sale changes only
      // the stock); where both did, the field shows the product as it is now.
      const was = valuesOf(opened!.tool);
      const typed = getValues();
      const now = valuesOf(current.tool);
      const kept = FIELDS.filter((field) => typed[field] !== was[field] && now[field] === was[field]);
      setOpened(current);
      // The fields stay registered, so that the keyboard can be put back on Name below.
      reset(
        { ...now, ...Object.fromEntries(kept.map((field) => [field, typed[field]])) },
        { keepFieldsRef: true },
      );
      setStale(false);
      setFormErrors([]);
      toast.info(
        kept.length
          ? 'The form now shows the product as it is, with your changes to fields no one else changed. Check it and save again.'
          : 'The form now shows the product as it is. Make your changes again.',
      );
      setFocus('name');
    } catch (failure) {
      failed(failure);
    } finally {
      setReloading(false);
    }
  };

  // Numbers stay numbers: an empty box becomes NaN, which the schema reports in words.
  const asNumber = { valueAsNumber: true } as const;

  return (
    <form
      noValidate
      onFocus={addToolInputResolver.preload}
      onSubmit={onSubmit}
      aria-label={tool ? `Edit ${tool.name}` : 'Add a product'}
      className="max-w-3xl space-y-6"
    >
      <TextField
        label="Name"
        autoComplete="off"
        placeholder="e.g. Torque MX-40 Magnetic Drill"
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-6 sm:grid-cols-3">
        <TextField
          label="Minimum Order"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.minimumOrder?.message}
          {...register('minimumOrder', asNumber)}
        />
        <TextField
          label="Available Quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.availableQuantity?.message}
          {...register('availableQuantity', asNumber)}
        />
        <TextField
          label="Price"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          hint="Per unit, in US dollars"
          error={errors.price?.message}
          {...register('price', asNumber)}
        />
      </div>
      <TextField
        label="Image URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://… or /images/…"
        error={errors.img?.message}
        {...register('img')}
      />
      <SelectField label="Category" error={errors.category?.message} {...register('category')}>
        {CATEGORIES.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Description"
        rows={5}
        error={errors.description?.message}
        {...register('description')}
      />
      <FormAlert messages={formErrors} />
      {stale && reload && (
        <div className="sm:max-w-48">
          <BusyButton busy={reloading} className="btn-outline w-full" onClick={() => void reloadTool()}>
            Reload the product
          </BusyButton>
        </div>
      )}
      <div className="sm:max-w-48">
        <SubmitButton pending={isSubmitting}>Update</SubmitButton>
      </div>
    </form>
  );
}
