import {
  type CreateToolBody,
  type ListToolsQuery,
  MAX_STOCK,
  type Tool,
  type UpdateToolBody,
} from '../../../contract/tools.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../errors.ts';
import * as repo from './tools.repo.ts';

const toolNotFound = () => notFound('This tool does not exist or was removed from the catalogue.');

/**
 * `onChange` runs after every committed change to the catalogue, so cached catalogue answers
 * (here and in the other instances) are dropped.
 */
export function createToolsService(db: Db, { onChange }: { onChange: () => void }) {
  const changed = <T>(result: T): T => {
    onChange();
    return result;
  };
  return {
    async list(query: {
      q?: string | undefined;
      sort: NonNullable<ListToolsQuery['sort']>;
      limit?: number | undefined;
      offset: number;
    }): Promise<{ tools: Tool[]; total: number }> {
      const { rows, total } = await repo.listTools(db, query);
      return { tools: rows.map(repo.toTool), total };
    },

    async get(id: string): Promise<Tool> {
      const row = await repo.findTool(db, id);
      if (!row) throw toolNotFound();
      return repo.toTool(row);
    },

    async create(body: CreateToolBody): Promise<Tool> {
      return changed(repo.toTool(await repo.insertTool(db, body)));
    },

    async update(id: string, body: UpdateToolBody): Promise<Tool> {
      const { restock, ...changes } = body;
      const row = await repo.updateTool(db, id, changes, restock ?? 0);
      if (row) return changed(repo.toTool(row));
      const tool = await repo.findTool(db, id);
      if (!tool) throw toolNotFound();
      // The tool is listed, so the restock would have taken the stock past the maximum.
      throw fieldError(
        'restock',
        `The stock can be at most ${MAX_STOCK} units; add at most ${Math.max(0, MAX_STOCK - tool.quantity)}.`,
      );
    },

    async setStock(id: string, newQuantity: number): Promise<Tool> {
      const row = await repo.updateTool(db, id, { quantity: newQuantity });
      if (!row) throw toolNotFound();
      return changed(repo.toTool(row));
    },

    async remove(id: string): Promise<{ deletedCount: number }> {
      if (!(await repo.softDeleteTool(db, id))) throw toolNotFound();
      return changed({ deletedCount: 1 });
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
