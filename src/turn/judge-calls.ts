import type { WireCall } from "../protocol/wire-format.ts";
import type { CallVerdict } from "../repair/outcomes.ts";
import { consultRepairModel } from "./consult-repair-model.ts";
import type { Turn } from "./turn.ts";

/**
 * Every call through the engine with its tool's policy, then the failures
 * the repair model may take: one verdict per call, in order, each carrying its call.
 */
export async function judgeCalls<Call extends WireCall>(turn: Turn, calls: readonly Call[]): Promise<CallVerdict<Call>[]> {
  // All at once: calls that go to workers are judged side by side.
  const verdicts = await Promise.all(
    calls.map(async (call): Promise<CallVerdict<Call>> => {
      return { call, ...(await turn.tools.judge({ name: call.name, arguments: call.arguments, finishReason: call.finishReason })) };
    }),
  );
  return consultRepairModel(turn, verdicts);
}
