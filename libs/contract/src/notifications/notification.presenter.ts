import { StoredNotification } from '@app/domain/notifications/notification';

export function presentNotification(n: StoredNotification) {
  return {
    notification_id: n.id,
    type: n.type,
    category: n.category,
    action: n.action,
    title: n.title,
    body: n.body,
    entity_type: n.entityType,
    entity_id: n.entityId,
    actor_user_id: n.actorUserId,
    read_at: n.readAt,
    created_at: n.createdAt,
    deep_link: {
      screen: n.deepLink.screen,
      entity_type: n.deepLink.entityType,
      entity_id: n.deepLink.entityId,
      document_type: n.deepLink.documentType,
      document_id: n.deepLink.documentId,
    },
  };
}
