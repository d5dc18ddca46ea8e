import { LazyImage, imageSize } from '~/cms/components/LazyImage.tsx';
import { FieldChrome, FieldText, useFieldShown } from '~/cms/components/EditingChromes.tsx';
import { SiteLink } from '~/cms/components/SiteLink.tsx';
import { type ImageField, type LinkFieldData, type TextField } from '~/cms/fields.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface HeroBannerFields {
  heading?: TextField;
  subheading?: TextField;
  image?: ImageField;
  cta?: LinkFieldData;
}

function HeroBanner({ fields, params }: RenderingProps<HeroBannerFields>) {
  const subheadingShown = useFieldShown(fields.subheading);
  return (
    <section className="hero-banner">
      <div className="hero-banner__text">
        <h1>
          <FieldText field={fields.heading} />
        </h1>
        {subheadingShown ? (
          <p className="hero-banner__lead">
            <FieldText field={fields.subheading} />
          </p>
        ) : null}
        <SiteLink field={fields.cta} className="button button--primary" />
      </div>
      <FieldChrome field={fields.image} empty="image">
        <LazyImage image={fields.image?.value} size={imageSize(params.imageSize) ?? '486x260'} className="hero-banner__image" eager />
      </FieldChrome>
    </section>
  );
}

export const heroBanner: ComponentDefinition = { name: 'HeroBanner', Component: HeroBanner };
