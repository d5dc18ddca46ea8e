import { SiteLink } from '~/cms/components/SiteLink.tsx';
import { text, type LinkFieldData, type ListItem, type TextField } from '~/cms/fields.ts';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';

interface FooterColumnFields {
  title?: TextField;
  links?: ListItem<{ link?: LinkFieldData }>[];
}

interface FooterFields {
  columns?: ListItem<FooterColumnFields>[];
  /** May hold `{{year}}`. */
  copyright?: TextField;
}

function Footer({ fields }: RenderingProps<FooterFields>) {
  const t = useTranslate();
  const year = new Date().getUTCFullYear();
  return (
    <footer className="site-footer">
      <nav className="site-footer__columns" aria-label={t('footer.navigation')}>
        {(fields.columns ?? []).map((column, index) => (
          <section key={column.id ?? index}>
            <h2>{text(column.fields.title)}</h2>
            <ul>
              {(column.fields.links ?? []).map((item, linkIndex) => (
                <li key={item.id ?? linkIndex}>
                  <SiteLink field={item.fields.link} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <p className="site-footer__copyright">{text(fields.copyright).replace('{{year}}', String(year))}</p>
    </footer>
  );
}

export const footer: ComponentDefinition = { name: 'Footer', Component: Footer };
