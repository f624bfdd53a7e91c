import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { AuditActor } from '../audit/index.ts';
import type { StagedTool } from './catalogue-import.ts';

/**
 * The import's queries. Rows read from the file wait in a temporary table of the import's own
 * transaction (gone at its end, seen by no one else); the counts, the locks and the writes are
 * then a few set-based statements, a chunk of rows at a time (each statement stays well within
 * the pool's statement timeout however large the file).
 */

const STAGED = sql.raw('catalogue_import');

export async function createStaging(tx: Tx): Promise<void> {
  await tx.execute(sql`create temporary table ${STAGED} (
      line int primary key, sku text not null, brand text not null, mpn text, gtin text,
      category_id uuid, name text not null, img text not null, description text not null,
      quantity int not null, minimum_order int not null, order_increment int not null,
      max_per_order int, weight_grams int not null, price int not null, price_tiers jsonb not null, specs jsonb not null,
      tool_id uuid
    ) on commit drop`);
}

/** A batch of checked rows, one statement. */
export async function stage(tx: Tx, rows: readonly StagedTool[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`insert into ${STAGED}
    select * from jsonb_populate_recordset(null::${STAGED}, ${JSON.stringify(rows)}::jsonb)`);
}

/** The one import applied at a time: false when another holds the place. */
export async function takeImportPlace(tx: Tx): Promise<boolean> {
  const result = await tx.execute<{ taken: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext('toolyard.catalogue_import')) as taken`,
  );
  return result.rows[0]?.taken === true;
}

/**
 * Each staged row's listed tool, by SKU whatever the letter case; with `lock`, those tools'
 * rows locked in id order (one statement, the order every import takes them in).
 */
export async function matchTools(tx: Tx, { lock }: { lock: boolean }): Promise<void> {
  if (lock)
    await tx.execute(sql`select t.id from tools t join ${STAGED} s on lower(t.sku) = lower(s.sku)
      where t.deleted_at is null order by t.id for no key update of t`);
  await tx.execute(sql`update ${STAGED} s set tool_id = t.id from tools t
    where lower(t.sku) = lower(s.sku) and t.deleted_at is null`);
}

/** The columns the file sets, compared as a whole: a row equal to its tool changes nothing. */
const SAME = sql`(t.sku, t.brand, t.mpn, t.gtin, t.category_id, t.name, t.img, t.description,
    t.quantity, t.minimum_order, t.order_increment, t.max_per_order, t.weight_grams, t.price,
    t.price_tiers, t.specs)
  is not distinct from (s.sku, s.brand, s.mpn, s.gtin, s.category_id, s.name, s.img, s.description,
    s.quantity, s.minimum_order, s.order_increment, s.max_per_order, s.weight_grams, s.price,
    s.price_tiers, s.specs)`;

export async function countStaged(
  tx: Tx,
): Promise<{ created: number; updated: number; unchanged: number; last: number }> {
  const result = await tx.execute<{
    created: number;
    updated: number;
    unchanged: number;
    last: number;
  }>(sql`select count(*) filter (where s.tool_id is null)::int as created,
      count(*) filter (where s.tool_id is not null and not ${SAME})::int as updated,
      count(*) filter (where s.tool_id is not null and ${SAME})::int as unchanged,
      coalesce(max(s.line), 0)::int as last
    from ${STAGED} s left join tools t on t.id = s.tool_id`);
  const row = result.rows[0];
  return {
    created: row?.created ?? 0,
    updated: row?.updated ?? 0,
    unchanged: row?.unchanged ?? 0,
    last: row?.last ?? 0,
  };
}

/** The columns the file sets, by the name the audit log gives them (contract TOOL_FIELD_NAMES). */
const AUDITED_COLUMNS = [
  ['sku', 'sku'],
  ['brand', 'brand'],
  ['mpn', 'mpn'],
  ['gtin', 'gtin'],
  ['categoryId', 'category_id'],
  ['specs', 'specs'],
  ['name', 'name'],
  ['img', 'img'],
  ['description', 'description'],
  ['minimumOrder', 'minimum_order'],
  ['orderIncrement', 'order_increment'],
  ['maxPerOrder', 'max_per_order'],
  ['weightGrams', 'weight_grams'],
  ['quantity', 'quantity'],
  ['priceTiers', 'price_tiers'],
  ['price', 'price'],
] as const;

/** A tool's fields as the audit log names them. */
function auditedJson(alias: string): SQL {
  const pairs = AUDITED_COLUMNS.map(
    ([field, column]) => sql`${sql.raw(`'${field}'`)}, ${sql.raw(`${alias}.${column}`)}`,
  );
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The fields row `after` changes in tool `before`, each with both values (`{price: {before,
 * after}}`), as the form's change is audited: built from the columns that differ alone, with no
 * whole-row documents made and compared per row.
 */
function changedFields(before: string, after: string): SQL {
  const parts = AUDITED_COLUMNS.map(([field, column]) => {
    const [b, a] = [sql.raw(`${before}.${column}`), sql.raw(`${after}.${column}`)];
    return sql`case when ${b} is distinct from ${a} then jsonb_build_object(${sql.raw(`'${field}'`)},
      jsonb_build_object('before', ${b}, 'after', ${a})) else '{}'::jsonb end`;
  });
  return sql.join(parts, sql` || `);
}

function auditColumns(actor: AuditActor): SQL {
  return sql`${actor.id}::text, ${actor.name}::text, ${actor.email}::text`;
}

/**
 * The listed tools of staged lines `from` to `to` that differ from their row take the row's
 * fields; each is written to the audit log as a form's change would be (its fields before and
 * after), naming the import. Answers how many tools changed.
 */
export async function updateChunk(
  tx: Tx,
  range: { from: number; to: number },
  actor: AuditActor,
  importId: string,
): Promise<number> {
  const written = await tx.execute(sql`with changed as (
      select s.*, ${changedFields('t', 's')} as changes
      from ${STAGED} s join tools t on t.id = s.tool_id
      where s.line between ${range.from} and ${range.to} and not ${SAME}
    ), done as (
      update tools t set sku = c.sku, brand = c.brand, mpn = c.mpn, gtin = c.gtin,
        category_id = c.category_id, name = c.name, img = c.img, description = c.description,
        quantity = c.quantity, minimum_order = c.minimum_order, order_increment = c.order_increment,
        max_per_order = c.max_per_order, weight_grams = c.weight_grams, price = c.price, price_tiers = c.price_tiers,
        specs = c.specs, updated_at = now()
      from changed c where t.id = c.tool_id
      returning t.id, t.name, c.changes
    )
    insert into audit_log (actor_id, actor_name, actor_email, action, target_type, target_id,
      target_label, details)
    select ${auditColumns(actor)}, 'tool.updated', 'tool', d.id::text, d.name,
      jsonb_build_object('import', ${importId}::text, 'changes', d.changes)
    from done d`);
  return written.rowCount ?? 0;
}

/** The staged lines `from` to `to` no listed tool has become tools, each audited as added; how many. */
export async function insertChunk(
  tx: Tx,
  range: { from: number; to: number },
  actor: AuditActor,
  importId: string,
): Promise<number> {
  const written = await tx.execute(sql`with added as (
      insert into tools (sku, brand, mpn, gtin, category_id, name, img, description, quantity,
        minimum_order, order_increment, max_per_order, weight_grams, price, price_tiers, specs)
      select sku, brand, mpn, gtin, category_id, name, img, description, quantity, minimum_order,
        order_increment, max_per_order, weight_grams, price, price_tiers, specs
      from ${STAGED} where tool_id is null and line between ${range.from} and ${range.to}
      order by line
      returning *
    )
    insert into audit_log (actor_id, actor_name, actor_email, action, target_type, target_id,
      target_label, details)
    select ${auditColumns(actor)}, 'tool.created', 'tool', a.id::text, a.name,
      jsonb_build_object('import', ${importId}::text, 'fields', ${auditedJson('a')})
    from added a`);
  return written.rowCount ?? 0;
}
