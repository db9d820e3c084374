// The fan-import module's front door: reading the first sheet of an xls or xlsx file, and the zip
// guard.
export { isOleFile, xlsFirstSheetRows } from './xls-first-sheet.ts';
export { firstSheetRows } from './xlsx-first-sheet.ts';
export { checkZip } from './zip-guard.ts';
