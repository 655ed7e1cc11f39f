import { useId } from 'react';
import { isOutOfStock } from '#shared/schemas/tool.ts';

interface QuantityControlProps {
  text: string;
  alert: string | null;
  minimumOrder: number;
  availableQuantity: number;
  invalid: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
  onType: (text: string) => void;
}

/** Minus, the number box and plus (SPEC §2); the alert is inline, not a window.alert (DESIGN §5.2). */
export function QuantityControl(props: QuantityControlProps) {
  const { text, alert, minimumOrder, availableQuantity, invalid } = props;
  const inputId = useId();
  const hintId = useId();
  const alertId = useId();
  const buttonClass = 'btn btn-square border-slate-300 bg-base-200 text-xl text-slate-900';
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-700">
        Quantity
      </label>
      <div className="flex">
        <button
          type="button"
          className={`${buttonClass} rounded-r-none`}
          aria-label="Decrease quantity"
          onClick={props.onDecrease}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={minimumOrder}
          max={availableQuantity}
          value={text}
          onChange={(event) => props.onType(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={alert ? `${hintId} ${alertId}` : hintId}
          className={`input w-28 rounded-none border-x-0 border-slate-300 bg-white text-center text-lg font-semibold text-slate-900 ${invalid ? 'input-error' : ''}`}
        />
        <button
          type="button"
          className={`${buttonClass} rounded-l-none`}
          aria-label="Increase quantity"
          onClick={props.onIncrease}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {isOutOfStock({ minimumOrder, availableQuantity })
          ? `Out of stock: only ${availableQuantity} left, below the minimum order of ${minimumOrder}.`
          : `Order between ${minimumOrder} and ${availableQuantity} units.`}
      </p>
      {alert && (
        <p
          id={alertId}
          role="alert"
          className="rounded-field border border-error/30 bg-error/5 px-3 py-2 text-sm font-medium text-error"
        >
          {alert}
        </p>
      )}
    </div>
  );
}
