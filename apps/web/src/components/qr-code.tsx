import { useMemo } from 'react';
import { encode } from 'uqr';

/** Spec §9: QR images are 200 px. */
export const QR_SIZE = 200;

/**
 * A QR code of `value` as an SVG (uqr encodes it; one path draws the dark modules), dark on
 * white with its quiet zone whatever the theme, so every camera reads it.
 */
export function QrCode({ value, label, size = QR_SIZE }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { border: 2 });
    const parts: string[] = [];
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return { path: parts.join(''), modules: qr.size };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="rounded-lg"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
