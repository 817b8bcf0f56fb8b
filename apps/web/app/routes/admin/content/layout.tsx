import { NavLink, Outlet } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site-data';

/** The parts of the site content, each a screen of its own below this one. */
const parts = [
  { to: '', key: 'admin.content.settings' },
  { to: 'currencies', key: 'admin.content.currencies' },
  { to: 'languages', key: 'admin.content.languages' },
  { to: 'texts', key: 'admin.content.words' },
  { to: 'pages', key: 'admin.content.pages' },
  { to: 'links', key: 'admin.content.links' },
] as const;

const partClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium ${
    isActive ? 'bg-brand-600 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
  }`;

/** The site content: settings, currencies, languages, texts, static pages and social links. */
export default function AdminContentLayout() {
  const { t } = useTranslation();
  const { locale } = useSite();
  const base = paths.admin(locale, 'content');
  return (
    <div className="space-y-6">
      <nav aria-label={t('admin.nav.content')}>
        <ul className="flex flex-wrap gap-2">
          {parts.map((part) => (
            <li key={part.key}>
              <NavLink to={part.to ? `${base}/${part.to}` : base} end className={partClass}>
                {t(part.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
