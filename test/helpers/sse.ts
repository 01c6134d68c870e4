import { type EventSourceMessage, EventSourceParserStream } from "eventsource-parser/stream";

/**
 * The messages of a Server-Sent Events response as a client's parser reads them (eventsource-parser, which
 * implements the WHATWG rules). Leaving the loop cancels the body, as a client closing the connection does.
 */
export async function* sseMessages(response: Response): AsyncGenerator<EventSourceMessage> {
  if (!response.body) throw new Error("the response has no body");
  const messages = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  const reader = messages.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel();
  }
}

/** Every message until the stream ends or `stop` holds for one (that one included). */
export async function readUntil(
  response: Response,
  stop: (message: EventSourceMessage, all: EventSourceMessage[]) => boolean = () => false,
): Promise<EventSourceMessage[]> {
  const all: EventSourceMessage[] = [];
  for await (const message of sseMessages(response)) {
    all.push(message);
    if (stop(message, all)) break;
  }
  return all;
}
