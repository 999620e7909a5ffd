import { getPageActor } from "@/lib/auth/current-user";
import { ThreadChat } from "@/components/chat/thread-chat";

export default async function ThreadPage({ params }: { params: Promise<{ id: string }> }) {
  await getPageActor();
  const { id } = await params;
  return <ThreadChat threadId={id} />;
}
