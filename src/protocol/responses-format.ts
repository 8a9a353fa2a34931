/** The Responses adapter: `POST /v1/responses`, streamed or not. */
import type { JsonObject } from "../json.ts";
import { responsesFormConversion } from "./responses-form-conversion.ts";
import { responsesAnswerFormat, type ResponsesCall } from "./responses-answer.ts";
import { mendResponsesHistory } from "./responses-history.ts";
import type { ResponsesStreamEvent } from "./responses-stream.ts";
import { responsesStreamFormat, type ResponsesStreamCall, type ResponsesStreamCalls } from "./responses-stream-format.ts";
import { declaredResponseTools } from "./responses.ts";
import { responsesToolResults } from "./responses-tool-results.ts";
import type { RequestFormat, WireFormat } from "./wire-format.ts";

const responsesRequestFormat: RequestFormat = {
  declaredTools: declaredResponseTools,
  mendHistory: mendResponsesHistory,
  // A `conversation` the upstream stores appends every round's input and output to it.
  storedConversation: (body: JsonObject) => body.conversation !== undefined && body.conversation !== null,
  // One output list per response.
  toolResults: responsesToolResults,
  choiceCount: () => 1,
};

export const responsesFormat: WireFormat<ResponsesCall, ResponsesStreamCall, ResponsesStreamEvent, ResponsesStreamCalls> = {
  path: "/v1/responses",
  route: "responses",
  request: responsesRequestFormat,
  answer: responsesAnswerFormat,
  stream: responsesStreamFormat,
  conversion: responsesFormConversion,
};
