import { useEffect, useRef, useState } from 'react';

/** REQ-CMS-5: an image counts as in view once 10 percent of it is visible. */
export const IMAGE_IN_VIEW_THRESHOLD = 0.1;

/** REQ-UI-3: the image sizes content may ask for. */
export const IMAGE_SIZES = { '486x260': { width: 486, height: 260 }, '600x600': { width: 600, height: 600 } } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

export function imageSize(param: string | undefined): ImageSize | undefined {
  return param && param in IMAGE_SIZES ? (param as ImageSize) : undefined;
}

export interface ImageFieldValue {
  src?: string;
  alt?: string;
  width?: string | number;
  height?: string | number;
}

interface LazyImageProps {
  image: ImageFieldValue | undefined;
  size?: ImageSize;
  className?: string;
  /** Above-the-fold images load at once. */
  eager?: boolean;
  /** The image only repeats text beside it (the logo next to the site's name): empty alt, so it is not read twice. */
  decorative?: boolean;
}

/**
 * Without JavaScript the browser's own `loading="lazy"` applies (the `<noscript>` copy); with it,
 * the image loads once 10 percent of it is in view.
 */
export function LazyImage({ image, size, className, eager, decorative }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [inView, setInView] = useState(false);
  const src = image?.src;

  useEffect(() => {
    const element = ref.current;
    if (!element || eager || inView) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { threshold: IMAGE_IN_VIEW_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [eager, inView]);

  if (!src) return null;
  const dimensions = size ? IMAGE_SIZES[size] : { width: Number(image?.width) || undefined, height: Number(image?.height) || undefined };
  const common = { alt: decorative ? '' : (image?.alt ?? ''), width: dimensions.width, height: dimensions.height, className, decoding: 'async' as const };
  // React 18 passes the attribute through only in lower case.
  if (eager) return <img {...common} src={src} {...{ fetchpriority: 'high' }} />;
  return (
    <>
      <img {...common} ref={ref} src={inView ? src : undefined} data-src={src} data-lazy={inView ? 'loaded' : 'waiting'} />
      <noscript>
        <img {...common} src={src} loading="lazy" />
      </noscript>
    </>
  );
}
