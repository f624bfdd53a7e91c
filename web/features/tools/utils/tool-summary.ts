import type { Tool } from '#contract/tools.ts';
import { truncate } from '#web/lib/format.ts';

/** How much of a tool's description a card shows. */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

/**
 * A tool as the catalogue's lists show it (its card, the home page's best seller, the related
 * tools' picker) and as their cart buttons add it: what a list query keeps of each tool. A page
 * served as islands carries its lists' answers in its HTML (decision 078), so the part numbers,
 * specifications, volume prices and most of the description that no card shows stay out of it.
 */
export type ToolSummary = Pick<
  Tool,
  | '_id'
  | 'sku'
  | 'brand'
  | 'name'
  | 'img'
  | 'description'
  | 'quantity'
  | 'minimumOrder'
  | 'orderIncrement'
  | 'maxPerOrder'
  | 'price'
  | 'rating'
>;

/** The summary of a tool from the catalogue's list, its description cut as its card shows it. */
export function toolSummary(tool: Tool): ToolSummary {
  return {
    _id: tool._id,
    sku: tool.sku,
    brand: tool.brand,
    name: tool.name,
    img: tool.img,
    description: truncate(tool.description, DESCRIPTION_PREVIEW_LENGTH),
    quantity: tool.quantity,
    minimumOrder: tool.minimumOrder,
    orderIncrement: tool.orderIncrement,
    maxPerOrder: tool.maxPerOrder,
    price: tool.price,
    rating: tool.rating,
  };
}
