// The brand of the contract on the signer page (issue #29 item 2): the logo (alt text: the company's
// or owner's name) over a rule in the accent colour, and the accent colour as the page's primary
// colour (buttons, focus rings, progress) while the page is shown. The colour is AA against white
// (checked when it was saved), so white button text stays readable. No brand: SignSeal's own.
import { useEffect } from 'react';
import type { SignerView } from '../../../../../shared/api/schemas';

type Brand = NonNullable<SignerView['brand']>;

/** Sets `--color-primary` on the document while mounted (dialogs render outside the page's tree). */
function useAccent(color: string | undefined): void {
  useEffect(() => {
    if (!color) return;
    const root = document.documentElement;
    const before = root.style.getPropertyValue('--color-primary');
    root.style.setProperty('--color-primary', color);
    return () => {
      if (before) root.style.setProperty('--color-primary', before);
      else root.style.removeProperty('--color-primary');
    };
  }, [color]);
}

export function BrandHeader({ brand }: { brand: Brand | null | undefined }) {
  useAccent(brand?.color);
  if (!brand) return null;
  return (
    <header
      className="signer-brand"
      data-testid="signer-brand"
      data-brand-color={brand.color}
      style={{ borderBottomColor: brand.color }}
    >
      {brand.logoPath ? (
        <img src={brand.logoPath} alt={brand.name} data-testid="signer-brand-logo" />
      ) : (
        <p className="signer-brand-name" style={{ color: brand.color }}>
          {brand.name}
        </p>
      )}
    </header>
  );
}
