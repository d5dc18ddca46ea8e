import { LazyImage, imageSize } from '~/cms/components/LazyImage.tsx';
import { text, type ImageField, type TextField } from '~/cms/fields.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface ImageFields {
  image?: ImageField;
  caption?: TextField;
}

function ContentImage({ fields, params }: RenderingProps<ImageFields>) {
  return (
    <figure className="content-image">
      <LazyImage image={fields.image?.value} size={imageSize(params.size)} />
      {fields.caption?.value ? <figcaption>{text(fields.caption)}</figcaption> : null}
    </figure>
  );
}

export const contentImage: ComponentDefinition = { name: 'Image', Component: ContentImage };
