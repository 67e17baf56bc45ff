/** Descriptions of fields that mean the same in every group (ids, versions, paging, money, times). */
export const commonFields: Record<string, string> = {
  limit: 'Page size, 1 to 200 (default 50).',
  cursor: 'The `nextCursor` of the previous page, as given; absent for the first page.',
  items: 'The page of results.',
  nextCursor: 'Pass as `cursor` for the next page; null on the last page.',
  version: 'Increases by one with every change; the ETag is this number in quotes, for If-Match.',
};
