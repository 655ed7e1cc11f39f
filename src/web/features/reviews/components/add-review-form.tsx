import { useId, useState, type Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ReviewInput } from '#shared/schemas/review.ts';
import type { Tool } from '#shared/schemas/tool.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { StarIcon } from '#web/components/ui/icons.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/text-field.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useAddReview } from '#web/features/reviews/api/add-review.ts';
import { lazyZodResolver } from '#web/lib/lazy-resolver.ts';
import { AppForm } from '#web/components/ui/app-form.tsx';

const reviewInputResolver = lazyZodResolver<FormValues, z.output<typeof ReviewInput>>(() =>
  import('#shared/schemas/review.ts').then((schemas) => schemas.ReviewInput),
);

type FormValues = z.input<typeof ReviewInput>;
type FieldName = 'profession' | 'productName' | 'ratings' | 'opinions';

const FIELDS: readonly FieldName[] = ['profession', 'productName', 'ratings', 'opinions'];
const EMPTY: Partial<FormValues> = { profession: '', productName: '', ratings: undefined, opinions: '' };

interface AddReviewFormProps {
  /** The signed-in account: its name and photo are sent with the review. */
  author: { name: string; image: string | null } | null;
  /** The catalogue, whose names the Product Name field suggests. */
  products: readonly Pick<Tool, '_id' | 'name'>[];
}

/**
 * SPEC §2 Add A Review with SPEC §5's messages (the shared ReviewInput). Ratings are 1 to 5 stars
 * (DESIGN §5.4). After success the form empties and a toast shows (SPEC §4); the home page's
 * carousel reads the reviews again.
 */
export function AddReviewForm({ author, products }: AddReviewFormProps) {
  const addReview = useAddReview();
  const productListId = useId();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, z.output<typeof ReviewInput>>({
    resolver: reviewInputResolver,
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const result = await addReview.mutateAsync({
        ...values,
        customerName: author?.name,
        img: author?.image ?? undefined,
      });
      if (!result.acknowledged) {
        setFormErrors(['Your review was not saved. Please try again.']);
        return;
      }
      toast.success('Successfully added Review');
      reset(EMPTY);
    } catch (failure) {
      setFormErrors(applyServerErrors(failure, setError, FIELDS));
    }
  });

  return (
    <AppForm
      onFocus={reviewInputResolver.preload}
      onSubmit={onSubmit}
      aria-label="Your review"
      className="max-w-2xl space-y-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Profession"
          autoComplete="organization-title"
          placeholder="e.g. Site foreman"
          error={errors.profession?.message}
          {...register('profession')}
        />
        <TextField
          label="Product Name"
          autoComplete="off"
          list={productListId}
          placeholder="Which tool did you use?"
          error={errors.productName?.message}
          {...register('productName')}
        />
        <datalist id={productListId}>
          {products.map((tool) => (
            <option key={tool._id} value={tool.name} />
          ))}
        </datalist>
      </div>
      <Controller
        control={control}
        name="ratings"
        render={({ field, fieldState }) => (
          <StarRatingInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextAreaField
        label="Opinions"
        rows={5}
        placeholder="What did the tool do well, and what could be better?"
        error={errors.opinions?.message}
        {...register('opinions')}
      />
      <FormAlert messages={formErrors} />
      <div className="sm:max-w-48">
        <SubmitButton pending={isSubmitting}>Add Review</SubmitButton>
      </div>
    </AppForm>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

interface StarRatingInputProps {
  name: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur: () => void;
  error?: string;
  /** The first star: where the form puts focus when the rating is missing. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * Five stars that are a native radio group under the legend 'Ratings': Tab reaches it, the arrow keys
 * choose, and each star is announced as '1 star' … '5 stars'. The radios are visually hidden; the
 * stars show the choice (and, under a mouse, the choice to come).
 */
function StarRatingInput({ name, value, onChange, onBlur, error, ref }: StarRatingInputProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const errorId = useId();
  const shown = hovered ?? value ?? 0;
  const describedBy = error ? errorId : undefined;

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-700">Ratings</legend>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <div className="flex" onMouseLeave={() => setHovered(null)}>
          {STARS.map((star) => (
            <label
              key={star}
              className="cursor-pointer rounded-md has-[:focus-visible]:outline-2"
              onMouseEnter={() => setHovered(star)}
            >
              <input
                ref={star === 1 ? ref : undefined}
                type="radio"
                name={name}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                onBlur={onBlur}
                aria-describedby={describedBy}
                className="sr-only"
              />
              <StarIcon
                filled={star <= shown}
                className={`size-9 transition-colors ${star <= shown ? 'text-amber-600' : 'text-slate-500'}`}
              />
              <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm text-slate-600">
          {value ? `${value} of 5` : 'Choose 1 to 5 stars'}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
