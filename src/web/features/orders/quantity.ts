import { availableQuantityMessage, MINIMUM_QUANTITY_MESSAGE } from '#shared/schemas/order.ts';

// The purchase quantity's rules (SPEC §4, §5 Quantity, with DESIGN §5.1–5.2): minus and plus warn at
// the bounds yet still change the number, and the Purchase button is enabled only within the bounds.
// (Words that are daisyUI class names, such as the one for a stepper, are avoided: Tailwind would
// pull the component into the stylesheet.)

export interface QuantityBounds {
  minimumOrder: number;
  availableQuantity: number;
}

export interface QuantityState {
  /** What the number box shows; may be empty or out of bounds while the customer types. */
  text: string;
  /** The inline alert under the control, if any. */
  alert: string | null;
}

/** The quantity the box holds, or null when it holds no whole number. */
export function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export function withinBounds(quantity: number | null, bounds: QuantityBounds): quantity is number {
  return quantity !== null && quantity >= bounds.minimumOrder && quantity <= bounds.availableQuantity;
}

export function initialQuantity(bounds: QuantityBounds): QuantityState {
  return { text: String(bounds.minimumOrder), alert: null };
}

/** Minus: at or below the minimum it warns, and still goes down (never below zero). */
export function decrease(state: QuantityState, bounds: QuantityBounds): QuantityState {
  const current = parseQuantity(state.text) ?? bounds.minimumOrder;
  const next = Math.max(0, current - 1);
  if (current <= bounds.minimumOrder) return { text: String(next), alert: MINIMUM_QUANTITY_MESSAGE };
  return { text: String(next), alert: boundsAlert(next, bounds) };
}

/** Plus: at or above the stock it warns, and still goes up. */
export function increase(state: QuantityState, bounds: QuantityBounds): QuantityState {
  const current = parseQuantity(state.text) ?? bounds.minimumOrder;
  const next = current + 1;
  if (current >= bounds.availableQuantity) {
    return { text: String(next), alert: availableQuantityMessage(bounds.availableQuantity) };
  }
  return { text: String(next), alert: boundsAlert(next, bounds) };
}

/** Typing: an out-of-bounds number says which bound it crossed. */
export function typed(text: string, bounds: QuantityBounds): QuantityState {
  const quantity = parseQuantity(text);
  if (text.trim() === '') return { text, alert: null };
  if (quantity === null) return { text, alert: 'Enter a whole number' };
  return { text, alert: boundsAlert(quantity, bounds) };
}

/** A click that lands within the bounds clears the alert; one that stays outside keeps saying why. */
function boundsAlert(quantity: number, bounds: QuantityBounds): string | null {
  if (quantity < bounds.minimumOrder) return `The minimum order is ${bounds.minimumOrder}`;
  if (quantity > bounds.availableQuantity) return availableQuantityMessage(bounds.availableQuantity);
  return null;
}
