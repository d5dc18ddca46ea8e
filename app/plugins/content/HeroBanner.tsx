import { LazyImage, imageSize } from '~/cms/components/LazyImage.tsx';
import { SiteLink } from '~/cms/components/SiteLink.tsx';
import { text, type ImageField, type LinkFieldData, type TextField } from '~/cms/fields.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface HeroBannerFields {
  heading?: TextField;
  subheading?: TextField;
  image?: ImageField;
  cta?: LinkFieldData;
}

function HeroBanner({ fields, params }: RenderingProps<HeroBannerFields>) {
  return (
    <section className="hero-banner">
      <div className="hero-banner__text">
        <h1>{text(fields.heading)}</h1>
        {fields.subheading?.value ? <p className="hero-banner__lead">{text(fields.subheading)}</p> : null}
        <SiteLink field={fields.cta} className="button button--primary" />
      </div>
      <LazyImage image={fields.image?.value} size={imageSize(params.imageSize) ?? '486x260'} className="hero-banner__image" eager />
    </section>
  );
}

export const heroBanner: ComponentDefinition = { name: 'HeroBanner', Component: HeroBanner };
