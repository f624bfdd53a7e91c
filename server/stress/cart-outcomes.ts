import type { OrderLineInput } from '../../contract/order-placement.ts';
import type { Order } from '../../contract/orders.ts';
import { unitPriceFor } from '../../contract/pricing.ts';
import { ProblemSchema } from '../../contract/problem.ts';
import type { TwoInstances } from '../testing/two-instances.ts';

/** The carts the checkout stress test sends, and what their answers must say (null: right). */

export type Tool = Awaited<ReturnType<TwoInstances['first']['addTool']>>;

export const randomInt = (below: number) => Math.floor(Math.random() * below);

/** 1 to 4 distinct tools in random order (not the id order the server locks in), 1 to 6 units. */
export function randomCart(tools: Tool[]): OrderLineInput[] {
  const shuffled = [...tools];
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j] as Tool, shuffled[i] as Tool];
  }
  return shuffled
    .slice(0, 1 + randomInt(4))
    .map((tool) => ({ toolId: tool.id, quantity: 1 + randomInt(6) }));
}

/** What is wrong with a placed order for this cart, or null: its lines, prices and total. */
export function orderMismatch(order: Order, cart: OrderLineInput[], tools: Map<string, Tool>) {
  const asked = cart.map((line) => `${line.toolId}x${line.quantity}`).join();
  const got = order.lines.map((line) => `${line.toolId}x${line.quantity}`).join();
  if (got !== asked) return `lines ${got}, asked ${asked}`;
  for (const line of order.lines) {
    const tool = tools.get(line.toolId) as Tool;
    if (line.unitPrice !== unitPriceFor(tool, line.quantity)) return `unit price ${line.unitPrice}`;
    if (line.lineTotal !== line.quantity * line.unitPrice) return `line total ${line.lineTotal}`;
  }
  const total = order.lines.reduce((sum, line) => sum + line.lineTotal, 0);
  if (order.totalAmount !== total) return `total ${order.totalAmount}, lines make ${total}`;
  if (order.status !== 'unpaid') return `status ${order.status}`;
  return null;
}

/** What is wrong with a refusal of this cart, or null: it names each short line with what is left. */
export function refusalMismatch(body: unknown, cart: OrderLineInput[]) {
  const problem = ProblemSchema.parse(body);
  if (problem.code !== 'out_of_stock') return `code ${problem.code}`;
  if (!problem.lines?.length) return 'no lines named';
  for (const short of problem.lines) {
    const line = cart[short.line];
    if (line?.toolId !== short.toolId) return `line ${short.line} is not ${short.toolId}`;
    if (short.available >= line.quantity) return `${short.available} left is enough`;
  }
  return null;
}
