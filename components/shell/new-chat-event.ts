/**
 * After the first message a new chat swaps its URL with history.replaceState, so the
 * router still has the "new chat" page mounted; this event tells that page to start over.
 */
export const NEW_CHAT_EVENT = "meridian:new-chat";

export function announceNewChat() {
  window.dispatchEvent(new Event(NEW_CHAT_EVENT));
}
