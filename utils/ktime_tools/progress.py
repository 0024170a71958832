"""A progress line on stderr for long sweeps.

Shown only when stderr is a terminal and the CI environment variable is not
set to true/1 (logs and CI output stay quiet), and only once a run has
taken more than a second. The line is rewritten in place and cleared at the
end: "ktime: 120/4362 configurations (2.8%), 3m10s left".
"""

import os
import sys
import time


def wanted(stream=None):
    stream = stream or sys.stderr
    if os.environ.get('CI', '').lower() in ('true', '1', 'yes'):
        return False
    return hasattr(stream, 'isatty') and stream.isatty()


def _fmt(seconds):
    seconds = int(round(seconds))
    if seconds >= 3600:
        return '%dh%02dm' % (seconds // 3600, seconds % 3600 // 60)
    if seconds >= 60:
        return '%dm%02ds' % (seconds // 60, seconds % 60)
    return '%ds' % seconds


class Progress:
    def __init__(self, label, stream=None, enabled=None):
        self.label = label
        self.stream = stream or sys.stderr
        self.enabled = wanted(self.stream) if enabled is None else enabled
        self.start = time.monotonic()
        self.shown = False

    def line(self, done, total, now=None):
        elapsed = (now if now is not None else time.monotonic()) - self.start
        text = '%s: %d/%d configurations (%.1f%%)' % (
            self.label, done, total, 100.0 * done / total if total else 100.0)
        if 0 < done < total:
            text += ', %s left' % _fmt(elapsed / done * (total - done))
        return text

    def update(self, done, total):
        if not self.enabled or time.monotonic() - self.start < 1.0:
            return
        self.stream.write('\r\033[K' + self.line(done, total))
        self.stream.flush()
        self.shown = True

    def finish(self):
        if self.shown:
            self.stream.write('\r\033[K')
            self.stream.flush()
            self.shown = False
