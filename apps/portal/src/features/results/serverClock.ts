import { useEffect, useState } from 'react';
import { spanText } from '../match/eventTime';

/**
 * The server's clock, carried forward: it starts from the time the server answered (`serverTime`) and adds the
 * time elapsed since by the browser's monotonic clock, so a visitor's wrong clock moves nothing.
 */
export const useServerClock = (serverTime: string) => {
  const [now, setNow] = useState(() => Date.parse(serverTime));
  useEffect(() => {
    const base = Date.parse(serverTime);
    const start = performance.now();
    const tick = () => setNow(base + (performance.now() - start));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [serverTime]);
  return now;
};

/** "距异议截止还有 2 天 3 小时", or that the period is over. */
export const objectionCountdownText = (deadline: string, now: number, withSeconds: boolean) => {
  const left = Date.parse(deadline) - now;
  return left > 0 ? `距异议截止还有 ${spanText(left, withSeconds)}` : '异议期已结束';
};

/** Whether objections are still taken at `now` on the server's clock. */
export const objectionOpen = (deadline: string | null, now: number) => deadline !== null && Date.parse(deadline) > now;
