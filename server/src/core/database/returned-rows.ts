/** TypeORM answers an UPDATE/DELETE ... RETURNING as [rows, affected] (an INSERT as rows): the rows either way. */
export function returnedRows<R>(result: unknown): R[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as R[];
}
