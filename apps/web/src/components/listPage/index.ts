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
  type FilterQuery,
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
export { CutText, type CutTextProps } from './CutText.tsx';
export { ExportButton, exportHref, type ExportButtonProps } from './ExportButton.tsx';
export { RowsDrawer, type RowsDrawerProps } from './RowsDrawer.tsx';
export { actionsColumn, cutColumn, timeColumn } from './columns.tsx';
export { taskStateColumn, useRowAction, type TaskState } from './taskColumns.tsx';
export {
  AddButton,
  closeThenRefresh,
  RowButton,
  RowMore,
  type KitButtonProps,
  type RowButtonProps,
  type RowMoreItem,
} from './buttons.tsx';
export { useListData } from './useListData.ts';
// The declarative layer (README: "Declared list pages"): specs instead of hand-written props.
export {
  columnsOf,
  useColumns,
  type ColumnSpec,
  type RemoveSpec,
  type StatusLook,
} from './columnSpec.tsx';
export {
  FilterBar,
  filterNames,
  optionsOf,
  type EnumOptions,
  type FilterSpec,
  type SpecOption,
  type SpecOptions,
} from './filterSpec.tsx';
export {
  EditFormModal,
  FormFields,
  mappedZodRule,
  type EditFormModalProps,
  type FieldSpec,
} from './formSpec.tsx';
export {
  useListPage,
  type EmptySpec,
  type ListPageSpec,
  type ListPageState,
  type ToolbarSpec,
  type BulkButtonSpec,
} from './useListPage.tsx';
export { ListScreen, type ListScreenProps } from './ListScreen.tsx';
