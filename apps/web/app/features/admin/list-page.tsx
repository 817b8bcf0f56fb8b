import type { ExportKind } from '@promptmarket/contracts/admin-reports';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { type ColumnHead, Table } from './admin-table';
import { type Notice, NoticeBar } from './admin-ui';
import { ExportCsvLink } from './export-link';
import { Pager, SearchBox, StatusFilter, type StatusFilterProps } from './list-controls';

/** A page of a back-office list as the API answers it. */
type ListPage = { data: readonly unknown[]; meta: { current_page: number; last_page: number } };

/** A list shown as a table, one row per item; or, where it is no table, as `items` shows a page. */
type ListBody<List extends ListPage> =
  | {
      head: ColumnHead[];
      row: (item: List['data'][number]) => ReactNode;
      /** The last column holds each row's actions: it stays in view on a phone. */
      actions?: boolean;
      items?: never;
    }
  | { items: (list: List) => ReactNode; head?: never; row?: never; actions?: never };

type ListPageProps<List extends ListPage> = ListBody<List> & {
  /** Names the heading: `admin-<name>-title`. */
  name: string;
  title: string;
  /** Links beside the heading, to the screens that go with this one. */
  links?: ReactNode;
  /** What comes before the search: a form of the screen's own, or the list's views. */
  top?: ReactNode;
  /** The search's label (no search without it), and its button's. */
  search?: string;
  find?: string;
  /** The screen's own filters, before the status filter. */
  filters?: ReactNode;
  status?: StatusFilterProps;
  exportKind?: ExportKind;
  /** Beside the CSV export: another file to make. */
  tools?: ReactNode;
  notice?: Notice;
  /** The list is being loaded again. */
  busy?: boolean;
  /** Between the notice and the list: a bulk action's bar, an item's details. */
  children?: ReactNode;
  list: List | null;
  /** Said in place of the list when it could not be loaded, and when it has nothing. */
  failed?: string;
  empty?: string;
  /** After the pager: a list of another kind. */
  after?: ReactNode;
};

/**
 * A list screen of the back office: its titled section with the search, the filters, the CSV
 * export, the outcome of the last action, the list (or, in its place, that it could not be
 * loaded or has nothing) and the pager. A screen gives what is its own: its columns and rows with
 * their actions, and the parts only it has.
 */
export function AdminListPage<List extends ListPage>(props: ListPageProps<List>) {
  const { t } = useTranslation();
  const { name, title, links, top, search, find, filters, status, exportKind, tools, list } = props;
  const heading = (
    <h2 id={`admin-${name}-title`} className="text-lg font-semibold text-slate-900">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={`admin-${name}-title`} aria-busy={props.busy} className="space-y-4">
      {links ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          <div className="flex flex-wrap gap-2">{links}</div>
        </div>
      ) : (
        heading
      )}
      {top}
      {search ? <SearchBox label={search} submitLabel={find ?? t('admin.users.find')} /> : null}
      {filters}
      {status ? <StatusFilter {...status} /> : null}
      {exportKind || tools ? (
        <div className="flex flex-wrap items-center gap-3">
          {tools}
          {exportKind ? <ExportCsvLink kind={exportKind} /> : null}
        </div>
      ) : null}
      <NoticeBar notice={props.notice ?? null} />
      {props.children}
      {!list ? (
        <p role="alert" className="text-sm text-red-700">
          {props.failed ?? t('admin.failed')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">{props.empty ?? t('admin.empty')}</p>
      ) : props.items ? (
        props.items(list)
      ) : (
        <Table head={props.head} actions={props.actions}>
          {list.data.map(props.row)}
        </Table>
      )}
      {list ? <Pager page={list.meta.current_page} lastPage={list.meta.last_page} /> : null}
      {props.after}
    </section>
  );
}
