import { getPageActor } from "@/lib/auth/current-user";
import { NewChat } from "@/components/chat/new-chat";

export default async function NewChatPage() {
  const actor = await getPageActor();
  return <NewChat userName={actor.displayName || actor.username} />;
}
