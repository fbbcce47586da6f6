import { PageSlots } from './page.slots';

describe('PageSlots', () => {
  it('grants up to capacity, queues up to maxQueue and refuses the next with BUSY', async () => {
    const slots = new PageSlots(2, 1);
    const signal = new AbortController().signal;
    await slots.acquire(signal);
    await slots.acquire(signal);
    let third = false;
    const queued = slots.acquire(signal).then(() => (third = true));
    await expect(slots.acquire(signal)).rejects.toMatchObject({ code: 'BUSY' });
    expect([slots.active, slots.queued, third]).toEqual([2, 1, false]);
    slots.release();
    await queued;
    expect([slots.active, slots.queued]).toEqual([2, 0]);
    slots.release();
    slots.release();
    expect(slots.active).toBe(0);
  });

  it('drops a waiter whose signal aborts, with the abort reason', async () => {
    const slots = new PageSlots(1, 4);
    await slots.acquire(new AbortController().signal);
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort(new Error('deadline'));
    await expect(waiting).rejects.toThrow('deadline');
    expect(slots.queued).toBe(0);
  });

  it('serves waiters first in, first out and fails them all on shutdown', async () => {
    const slots = new PageSlots(1, 4);
    const signal = new AbortController().signal;
    await slots.acquire(signal);
    const order: number[] = [];
    const first = slots.acquire(signal).then(() => order.push(1));
    const second = slots.acquire(signal).then(() => order.push(2));
    slots.release();
    await first;
    slots.release();
    await second;
    expect(order).toEqual([1, 2]);
    const third = slots.acquire(signal);
    slots.failWaiting(new Error('closing'));
    await expect(third).rejects.toThrow('closing');
  });
});
