import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/queries/session';
import { liveEventKind, refreshAfter, refreshEverything } from '@/lib/live-refresh';
import { onSessionEvent } from '@/lib/session';
import { toast } from '@/lib/toast';
import { addLiveNotification, getStreamTicket, notificationsKey } from '@/queries/notifications';
import { NotificationStream } from './notification-stream';

/**
 * Holds the live stream while signed in: new notifications go on top of the bell's list with a toast,
 * and every view of what they are about is reloaded (`LIVE_REFRESH`); `ready` and `sync` reload the
 * list, and a reconnect also every view a missed event could have changed. Reconnects when the network
 * comes back and after a token refresh.
 */
export function useLiveNotifications() {
  const { status } = useAuth();
  const qc = useQueryClient();

  useEffect(() => {
    if (status !== 'authenticated' || typeof EventSource === 'undefined') return;
    const reload = () => void qc.invalidateQueries({ queryKey: notificationsKey });
    let connectedBefore = false;
    const stream = new NotificationStream(
      {
        onReady() {
          reload();
          // The first connection comes with the page's own fresh reads.
          if (connectedBefore) refreshEverything(qc);
          connectedBefore = true;
        },
        onSync: reload,
        onNotification(n) {
          addLiveNotification(qc, n);
          refreshAfter(qc, liveEventKind(n.link));
          toast({
            title: n.title,
            description: n.message,
            variant: n.type === 'error' ? 'destructive' : 'default',
          });
        },
      },
      { getTicket: getStreamTicket, createEventSource: (url) => new EventSource(url) },
    );
    stream.start();
    // A connection that still looks open after a network change is left to the heartbeat watchdog.
    const online = () => !stream.connected && stream.reconnectNow();
    window.addEventListener('online', online);
    const stopListening = onSessionEvent((e) => {
      if (e.type === 'refreshed') stream.reconnectNow();
      else stream.stop();
    });
    return () => {
      window.removeEventListener('online', online);
      stopListening();
      stream.stop();
    };
  }, [status, qc]);
}
