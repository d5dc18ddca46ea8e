import { SiteLink } from '~/cms/components/SiteLink.tsx';
import { text, type LinkFieldData, type ListItem, type TextField } from '~/cms/fields.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface LinkListFields {
  title?: TextField;
  links?: ListItem<{ link?: LinkFieldData }>[];
}

function LinkList({ fields }: RenderingProps<LinkListFields>) {
  const links = fields.links ?? [];
  return (
    <section className="link-list">
      {fields.title?.value ? <h2>{text(fields.title)}</h2> : null}
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
