import { RichTextHtml } from '~/cms/components/RichTextHtml.tsx';
import { text, type TextField } from '~/cms/fields.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface RichTextFields {
  heading?: TextField;
  content?: TextField;
}

function RichText({ fields, lead }: RenderingProps<RichTextFields>) {
  const Heading = lead ? 'h1' : 'h2';
  return (
    <section className="rich-text">
      {fields.heading?.value ? <Heading>{text(fields.heading)}</Heading> : null}
      <RichTextHtml field={fields.content} className="prose" />
    </section>
  );
}

export const richText: ComponentDefinition = { name: 'RichText', Component: RichText };
