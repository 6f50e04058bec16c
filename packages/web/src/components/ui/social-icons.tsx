// Social networks' marks: only the footer shows them, and its code loads when it comes near the screen
// (app/layout/deferred-footer.tsx), so they stay out of the icons every page loads at once.
import type { SVGProps } from 'react';

/** Social networks' marks, drawn filled in the text colour (site-footer.tsx names each link in words). */
function BrandIcon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const VkIcon = (props: SVGProps<SVGSVGElement>) => (
  <BrandIcon {...props}>
    <path d="M12.8 18C6.6 18 3.1 13.8 3 6.8h3.1c.1 5.1 2.3 7.3 4.1 7.7V6.8h2.9v4.4c1.8-.2 3.6-2.2 4.3-4.4h2.9c-.5 2.7-2.5 4.7-3.9 5.5 1.4.7 3.7 2.4 4.6 5.7h-3.2c-.7-2.2-2.4-3.9-4.7-4.1V18h-.3z" />
  </BrandIcon>
);

export const TelegramIcon = (props: SVGProps<SVGSVGElement>) => (
  <BrandIcon {...props}>
    <path d="M21.4 3.6 2.8 10.8c-1.1.4-1 1.9.1 2.2l4.6 1.4 1.8 5.6c.2.7 1.1.9 1.6.4l2.6-2.5 4.8 3.5c.7.5 1.6.1 1.8-.7l3.1-15.2c.2-1.1-.8-2-1.8-1.6zM9.9 14.1l-.6 3.9-1.2-4.1 10.4-7.1-8.6 7.3z" />
  </BrandIcon>
);

export const DzenIcon = (props: SVGProps<SVGSVGElement>) => (
  <BrandIcon {...props}>
    <path d="M12 2c.2 6.3 3.7 9.8 10 10-6.3.2-9.8 3.7-10 10-.2-6.3-3.7-9.8-10-10 6.3-.2 9.8-3.7 10-10z" />
  </BrandIcon>
);
