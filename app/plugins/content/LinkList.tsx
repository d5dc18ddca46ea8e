import { SiteLink } from '~/cms/components/SiteLink.tsx';
import { FieldText, useFieldShown } from '~/cms/components/EditingChromes.tsx';
import { type LinkFieldData, type ListItem, type TextField } from '~/cms/fields.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface LinkListFields {
  title?: TextField;
  links?: ListItem<{ link?: LinkFieldData }>[];
}

function LinkList({ fields }: RenderingProps<LinkListFields>) {
  const links = fields.links ?? [];
  const titleShown = useFieldShown(fields.title);
  return (
    <section className="link-list">
      {titleShown ? (
        <h2>
          <FieldText field={fields.title} />
        </h2>
      ) : null}
      <ul>
        {links.map((item, index) => (
          <li key={item.id ?? index}>
            <SiteLink field={item.fields.link} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export const linkList: ComponentDefinition = { name: 'LinkList', Component: LinkList };
