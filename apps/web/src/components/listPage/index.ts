export { ListPage, ListToolbar, type ListPageProps } from './ListPage.tsx';
export { ListTable, columnsWidth, type ListTableProps, type ListTableQuery } from './ListTable.tsx';
export {
  useListQuery,
  type ListParams,
  type ListQuery,
  type ListQueryOptions,
  type ListSort,
} from './useListQuery.ts';
export {
  DateRangeFilter,
  SearchFilter,
  SelectFilter,
  type DateRangeFilterProps,
  type SelectFilterProps,
} from './Filters.tsx';
export { useRowSelection, type RowSelection } from './useRowSelection.ts';
export { BulkBar, type BulkBarProps } from './BulkBar.tsx';
export { runBulk, outcomeFromResults, type BulkFailure, type BulkOutcome } from './bulk.ts';
export { BulkResultList, useBulkResult, type BulkResultListProps } from './BulkResult.tsx';
export {
  ConfirmWordModal,
  DeleteButton,
  type ConfirmWord,
  type ConfirmWordModalProps,
  type DeleteButtonProps,
} from './ConfirmWordModal.tsx';
export {
  FormModal,
  FormField,
  refusesEmpty,
  type FormModalProps,
  type FormFieldProps,
} from './FormModal.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
export { ExportButton, exportHref, type ExportButtonProps } from './ExportButton.tsx';
