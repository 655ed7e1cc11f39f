import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path: no canvas, no inline <style>, nothing the CSP refuses. Loaded
 * lazily with the two-factor enrolment, so the QR encoder stays out of every other page.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    // Four modules of quiet zone, as scanners expect.
    const { data } = encode(value, { ecc: 'M', border: 4 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, modules: data.length };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-md border border-base-300"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
