/**
 * A request's tool history, built as a wire format's reader walks its items
 * (`messages` in chat, `input` in Responses): the calls, the rounds they form,
 * the results and where each sits. The reader says what each item is; the
 * bookkeeping is the same for every format.
 */
import type { ToolResultEntry } from "../tool-results/inspect-tool-results.ts";
import type { RoundInfo } from "../tool-results/loop-guard.ts";
import type { LocatedToolHistory } from "./tool-results-format.ts";

type KnownCall = { readonly name: string; readonly arguments: unknown; readonly round: number };

export class ToolHistoryBuilder {
  readonly #calls = new Map<string, KnownCall>();
  readonly #rounds: RoundInfo[] = [];
  readonly #found: Array<Omit<ToolResultEntry, "latest">> = [];
  readonly #positions: number[] = [];
  #userSince = false;
  #lastModelTurn = -1;

  /** A user message: the next round follows the user, not only the tools. */
  user(): void {
    this.#userSince = true;
  }

  /** The model spoke at `position`: results before it are not new to it. */
  modelTurn(position: number): void {
    this.#lastModelTurn = position;
  }

  /** The model's next batch of calls begins. */
  startRound(): void {
    this.#rounds.push({ afterUser: this.#userSince });
    this.#userSince = false;
  }

  /** A call of the round begun last. */
  call(id: string, name: string, args: unknown): void {
    this.#calls.set(id, { name, arguments: args, round: this.#rounds.length - 1 });
  }

  /** A tool result at `position`, answering the call `callId`. */
  result(position: number, callId: string, content: ToolResultEntry["content"]): void {
    this.#found.push({ callId, call: this.#calls.get(callId), content });
    this.#positions.push(position);
  }

  /** The history; `endsWithResult`: the request's last item is a tool result. */
  finish(endsWithResult: boolean): LocatedToolHistory {
    // Results after the model's last turn are new to it.
    const results: ToolResultEntry[] = this.#found.map((result, index) => ({ ...result, latest: this.#positions[index]! > this.#lastModelTurn }));
    const trailing = endsWithResult && results.length > 0 ? results.at(-1)!.call?.round : undefined;
    return { results, rounds: this.#rounds, positions: this.#positions, trailingRound: trailing };
  }
}
