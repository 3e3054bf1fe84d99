"""The progress display of bulk runs: tqdm when it is installed, else one stderr line."""

import sys
import time


class Progress:
    """Counts finished tasks. ``enabled``: True (always), False (never) or None (once the run
    has lasted a second, when stderr is a terminal, as `battgpu run` does)."""

    def __init__(self, total, enabled=None, desc='battgpu'):
        self.total = total
        self.enabled = enabled
        self.desc = desc
        self.start = time.monotonic()
        self.done = 0
        self._bar = None
        self._shown = False
        self._last = 0.0

    def _want(self, now):
        if self.enabled is False:
            return False
        if self.enabled:
            return True
        if now - self.start < 1.0:
            return False
        isatty = getattr(sys.stderr, 'isatty', None)
        return bool(isatty and isatty())

    def update(self, done):
        self.done = done
        now = time.monotonic()
        if not self._shown:
            if not self._want(now):
                return
            self._shown = True
            try:
                from tqdm import tqdm
                self._bar = tqdm(total=self.total, desc=self.desc, unit='task')
            except ImportError:
                self._bar = None
        if self._bar is not None:
            self._bar.update(done - self._bar.n)
            return
        if now - self._last < 0.2 and done != self.total:
            return
        self._last = now
        rate = done / max(now - self.start, 1e-9)
        sys.stderr.write(f'\r{self.desc}: {done}/{self.total} tasks, {rate:.1f} tasks/s')
        sys.stderr.flush()

    def close(self):
        if not self._shown:
            return
        if self._bar is not None:
            self._bar.close()
        else:
            sys.stderr.write('\n')
            sys.stderr.flush()
        self._shown = False
