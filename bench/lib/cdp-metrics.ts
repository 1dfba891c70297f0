/**
 * Heap, listener and node counts from CDP's Performance domain, taken after a forced garbage collection so
 * that "after" minus "before" is what the page keeps, not what it has not collected yet.
 */
import type { CDPSession } from 'playwright-core';

export interface PageMetrics {
  jsHeapUsedBytes: number;
  eventListeners: number;
  nodes: number;
}

export async function enableMetrics(cdp: CDPSession): Promise<void> {
  await cdp.send('Performance.enable', {});
}

export async function collectedMetrics(cdp: CDPSession): Promise<PageMetrics> {
  // Two passes: the first can leave objects whose finalizers free more on the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string): number => metrics.find((metric) => metric.name === name)?.value ?? Number.NaN;
  return {
    jsHeapUsedBytes: value('JSHeapUsedSize'),
    eventListeners: value('JSEventListeners'),
    nodes: value('Nodes'),
  };
}
