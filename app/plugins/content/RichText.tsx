import { RichTextHtml } from '~/cms/components/RichTextHtml.tsx';
import { FieldText, useFieldShown } from '~/cms/components/EditingChromes.tsx';
import { type TextField } from '~/cms/fields.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface RichTextFields {
  heading?: TextField;
  content?: TextField;
}

function RichText({ fields, lead }: RenderingProps<RichTextFields>) {
  const Heading = lead ? 'h1' : 'h2';
  const headingShown = useFieldShown(fields.heading);
  return (
    <section className="rich-text">
      {headingShown ? (
        <Heading>
          <FieldText field={fields.heading} />
        </Heading>
      ) : null}
      <RichTextHtml field={fields.content} className="prose" />
    </section>
  );
}

export const richText: ComponentDefinition = { name: 'RichText', Component: RichText, richTextFields: ['content'] };
