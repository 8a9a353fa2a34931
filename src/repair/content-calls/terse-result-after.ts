/**
 * A terse line after a call that reports its result as had, the way a chat
 * transcript notes a finished step: a sentence that is only what was got and
 * a retrieval participle (`Data fetched.`, `Status retrieved.`, `Results
 * found.`, `Weather data retrieved!`). The model imagined the step done; the
 * call was not left for the client to make. Only a whole sentence of at most
 * two words before the participle counts: inside a longer one (`Once the data
 * is fetched, I'll sort it.`) the participle says nothing of it. (`Done
 * checking.` is not such a line: the libraries disagree on it.)
 */
export const TERSE_RESULT_AFTER =
  /(?:^|[.!?])[^\p{L}\n]*(?:(?:the|all|my|your)[ \t]+)?\p{L}[\p{L}-]*(?:[ \t]+\p{L}[\p{L}-]*)?[ \t]+(?:fetched|retrieved|found|received|obtained|loaded|downloaded|collected|gathered)[ \t]*(?:[.!]|$)/imu;
