/** The contract's route table, methods and paths only (built by vite.config.ts). */
declare module 'virtual:api-routes' {
  const table: Record<string, Record<string, { method: string; path: string }>>;
  export default table;
}
