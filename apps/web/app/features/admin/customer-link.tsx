import type { ReactNode } from 'react';
import { Link } from '../../components/ui/link';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-data';

/** A user's name or address in a back-office list, opening their customer page. */
export function CustomerLink({
  userId,
  children,
  className = '',
}: {
  userId: string;
  children: ReactNode;
  className?: string;
}) {
  const { locale } = useSite();
  return (
    <Link
      to={paths.adminCustomer(locale, userId)}
      className={`break-all font-medium text-brand-700 underline ${className}`}
    >
      {children}
    </Link>
  );
}
