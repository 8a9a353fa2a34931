import type { FastifyInstance } from "fastify";
import type { Config } from "../config/defaults.ts";
import { ToolmendError } from "../errors.ts";
import type { StreamCalls, WireCall, WireFormat } from "../protocol/wire-format.ts";
import type { ToolDefinition } from "../repair/types.ts";
import { complete } from "../turn/complete.ts";
import { forwardRequest, relayResponse } from "../turn/forward-request.ts";
import { mendHistory } from "../turn/history-mender.ts";
import { readJsonBody } from "../turn/read-json-body.ts";
import { stream } from "../turn/stream.ts";
import { createToolCallContext } from "../turn/tool-call-context.ts";
import { sendLoopEscalation, tagOutcome } from "../turn/turn-reporting.ts";
import { createTurn } from "../turn/turn.ts";

/**
 * The route of an API whose answers carry tool calls: the tool results a
 * request carries go through the execution-error step first (a loop is
 * answered with an escalation and the upstream is not called); then a
 * request that declares tools becomes a turn, judged by the one loop for
 * whole answers or the one for streams, and any other is forwarded as
 * bytes. The body must be a JSON object (400 otherwise).
 */
export function interceptedRoute<AnswerCall extends WireCall, StreamCall extends WireCall, Payload, Calls extends StreamCalls<StreamCall>>(
  format: WireFormat<AnswerCall, StreamCall, Payload, Calls>,
) {
  return async function intercepted(app: FastifyInstance): Promise<void> {
    const { toolmend } = app;
    const { engine, policyFor, config, metrics, judgePool } = toolmend;
    app.post(format.path, { config: { route: format.route } }, async (request, reply) => {
      const body = readJsonBody(request, config.server.maxJsonDepth, toolmend.sharedTools);
      request.telemetry.model = metrics.models.labelOf(body.value.model);
      const declared = format.request.declaredTools(body.value);
      checkToolBounds(declared, body.bytes.length, config.repair.limits);
      const tools = declared.length === 0 ? undefined : createToolCallContext(engine, policyFor, declared, config.repair.streamHoldback, judgePool);
      const mended = tools !== undefined && config.repair.repairHistory ? await mendHistory(format.request, body.value, tools) : undefined;
      // A changed history is a new request; otherwise the client's bytes go as they came.
      const history = mended === undefined ? body : { value: mended, bytes: Buffer.from(JSON.stringify(mended)) };
      const checked = toolmend.executionErrors(history, format.request.toolResults, declared);
      if (checked.summary !== undefined) request.telemetry.fields.toolResults = checked.summary;
      if (checked.kind === "escalate") return sendLoopEscalation(reply, toolmend, checked);
      const outgoing = checked.body;
      if (tools === undefined) {
        tagOutcome(reply, "none");
        return relayResponse(reply, await forwardRequest(toolmend, request, reply, { body: outgoing.bytes }));
      }
      const turn = createTurn({ toolmend, request, reply, route: format.route, body: outgoing, tools });
      return outgoing.value.stream === true ? stream(turn, format) : complete(turn, format);
    });
  };
}

/**
 * Refuses a request declaring more tools, or more schema bytes, than the
 * limits allow (400): each distinct schema costs a compile. The schemas are
 * only measured when the body itself is over the byte bound.
 */
function checkToolBounds(tools: readonly ToolDefinition[], bodyBytes: number, limits: Config["repair"]["limits"]): void {
  if (tools.length > limits.maxTools) {
    throw new ToolmendError("too_many_tools", `The request declares ${tools.length} tools; toolmend accepts at most ${limits.maxTools}.`);
  }
  if (bodyBytes <= limits.maxToolSchemaBytes) return;
  let total = 0;
  for (const tool of tools) {
    total += tool.parameters === undefined ? 0 : (JSON.stringify(tool.parameters)?.length ?? 0);
    if (total > limits.maxToolSchemaBytes) {
      throw new ToolmendError("too_many_tools", `The request's tool schemas exceed ${limits.maxToolSchemaBytes} bytes together.`);
    }
  }
}
