import { LazyImage, imageSize } from '~/cms/components/LazyImage.tsx';
import { FieldChrome, FieldText, useFieldShown } from '~/cms/components/EditingChromes.tsx';
import { type ImageField, type TextField } from '~/cms/fields.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface ImageFields {
  image?: ImageField;
  caption?: TextField;
}

function ContentImage({ fields, params }: RenderingProps<ImageFields>) {
  const captionShown = useFieldShown(fields.caption);
  return (
    <figure className="content-image">
      <FieldChrome field={fields.image} empty="image">
        <LazyImage image={fields.image?.value} size={imageSize(params.size)} />
      </FieldChrome>
      {captionShown ? (
        <figcaption>
          <FieldText field={fields.caption} />
        </figcaption>
      ) : null}
    </figure>
  );
}

export const contentImage: ComponentDefinition = { name: 'Image', Component: ContentImage };
