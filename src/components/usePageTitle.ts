import { useEffect } from 'react';

const PRODUCT = 'QRCraft';

/** Sets `document.title` to "<title> | QRCraft" (or just "QRCraft") while the page is shown. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT}` : PRODUCT;
  }, [title]);
}
