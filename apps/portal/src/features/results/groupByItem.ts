/** Rows grouped by their item, in the order the server listed them (by item position, then rank). */
export const groupByItem = <Row extends { itemName: string }>(rows: readonly Row[]) => {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.itemName);
    if (group) group.push(row);
    else groups.set(row.itemName, [row]);
  }
  return [...groups.entries()].map(([itemName, itemRows]) => ({ itemName, rows: itemRows }));
};
