import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AddToolInput, EditToolInput } from '#shared/schemas/admin.ts';
import type { Tool } from '#shared/schemas/tool.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { CATEGORIES } from '#shared/categories.ts';
import { SelectField, TextAreaField, TextField } from '#web/components/ui/text-field.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useAddTool } from '#web/features/tools/api/add-tool.ts';
import { useEditTool } from '#web/features/tools/api/edit-tool.ts';
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
 */
export function ToolForm({ tool, onSaved }: { tool?: Tool; onSaved?: (tool: Tool) => void }) {
  const addTool = useAddTool();
  const editTool = useEditTool();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
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

  const edit = async (tool: Tool, values: AddToolInput) => {
    const changes: EditToolInput = Object.fromEntries(
      FIELDS.filter((field) => values[field] !== tool[field]).map((field) => [field, values[field]]),
    );
    if (Object.keys(changes).length === 0) {
      setFormErrors(['Nothing has changed yet.']);
      return;
    }
    const saved = await editTool.mutateAsync({ id: tool._id, changes });
    toast.success(`Successfully updated ${saved.name}`);
    reset(valuesOf(saved));
    onSaved?.(saved);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await (tool ? edit(tool, values) : add(values));
    } catch (failure) {
      setFormErrors(applyServerErrors(failure, setError, FIELDS));
    }
  });

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
      <div className="sm:max-w-48">
        <SubmitButton pending={isSubmitting}>Update</SubmitButton>
      </div>
    </form>
  );
}
