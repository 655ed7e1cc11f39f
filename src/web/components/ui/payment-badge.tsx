/** SPEC §2: 'Paid' or 'Unpaid', worded and coloured alike in My Orders and Manage Orders. */
export function PaymentBadge({ paid }: { paid: boolean }) {
  return paid ? (
    <span className="badge border-success/30 bg-success/10 text-xs font-semibold text-success">Paid</span>
  ) : (
    <span className="badge border-warning bg-warning/30 text-xs font-semibold text-slate-900">Unpaid</span>
  );
}
