import { RichTextHtml } from '~/cms/components/RichTextHtml.tsx';
import { text, type TextField } from '~/cms/fields.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface RichTextFields {
  heading?: TextField;
  content?: TextField;
}

function RichText({ fields }: RenderingProps<RichTextFields>) {
  return (
    <section className="rich-text">
      {fields.heading?.value ? <h2>{text(fields.heading)}</h2> : null}
      <RichTextHtml field={fields.content} className="prose" />
    </section>
  );
}

export const richText: ComponentDefinition = { name: 'RichText', Component: RichText, richTextFields: ['content'] };
