"""A continuous stream of key presses into the emulated devices (asyncio task).

Presses go out at `rate` per second on average, in 10 ms ticks. Now and then
(every 10 to 30 s) the person looks away for 1 to 4 s: alerts time out and
queues build up meanwhile. When a device's PTY still holds unread input
(keymenud lags), the press waits for the next tick and is counted as held
back: the stream never overruns the PTY, so every event written reaches
keymenud intact.
"""
import asyncio
import random
import time


class KeyStream:
    """Writes presses from a `KeyChooser` to `EmulatedKeyboards`."""

    def __init__(self, keyboards, chooser, rate, tally, seed=0):
        self.random = random.Random(seed)
        self.keyboards = keyboards
        self.chooser = chooser
        self.rate = rate
        self.tally = tally
        self.running = True

    def stop(self):
        self.running = False

    async def run(self):
        started = time.monotonic()
        presses = 0
        pending = None
        next_pause = started + self.random.uniform(10, 30)
        while self.running:
            await asyncio.sleep(0.01)
            if time.monotonic() >= next_pause:
                pause = self.random.uniform(1, 4)
                self.tally["key pauses"] += 1
                await asyncio.sleep(pause)
                started += pause
                next_pause = time.monotonic() + self.random.uniform(10, 30)
            due = int((time.monotonic() - started) * self.rate) - presses
            while due > 0 and self.running:
                if pending is None:
                    pending = self.chooser.next()
                device, events, label = pending
                if not self.keyboards.room(device) or not self.keyboards.write(device, events, time.time()):
                    self.tally["key presses held back"] += 1
                    break
                pending = None
                presses += 1
                due -= 1
                self.tally["key presses"] += 1
                self.tally["input events written"] += len(events)
                self.tally["key events written"] += sum(1 for event in events if event[0] == 1)
                self.tally["key " + label] += 1
            if due > self.rate:  # more than a second behind: do not catch up in a burst
                presses += due - 1
