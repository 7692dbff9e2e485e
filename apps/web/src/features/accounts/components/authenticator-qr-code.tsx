import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/**
 * The `otpauth://` address as a QR code for an authenticator app to scan, drawn in the browser
 * (the secret never leaves for a QR service), with the secret beside it for typing in by hand.
 */
export function AuthenticatorQrCode({ totpUri }: { totpUri: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(totpUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((drawn) => {
      if (current) setSvg(drawn);
    });
    return () => {
      current = false;
    };
  }, [totpUri]);
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return (
    <div className="flex flex-wrap items-center gap-4">
      {svg ? (
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt="QR code for your authenticator app" width={176} height={176} className="rounded bg-white p-1" />
      ) : (
        <span className="loading loading-spinner" aria-label="Drawing the QR code" />
      )}
      <p className="text-sm">
        Or type this key into the app:
        <br />
        <code className="font-mono break-all" data-testid="two-factor-secret">
          {secret}
        </code>
      </p>
    </div>
  );
}
