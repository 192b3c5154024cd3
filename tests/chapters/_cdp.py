"""Drive a headless Chromium over the DevTools protocol on a pipe (no extra package).

``--remote-debugging-pipe`` makes Chromium read protocol commands from file
descriptor 3 and write its answers to descriptor 4, as JSON texts ending in a NUL
byte. Enough of the protocol to open a page, wait for a condition in it, read its
DOM and take a screenshot; for pages whose scripts stream over the network, which
``--dump-dom`` with a virtual time budget does not wait for.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import subprocess
import time
from pathlib import Path
from types import TracebackType
from typing import Any


def _as_fds_3_and_4(reading: int, writing: int) -> None:
    """In the child: make ``reading`` its descriptor 3 and ``writing`` its descriptor 4
    (moved out of the way first, in case either already is 3 or 4)."""
    high_reading = fcntl.fcntl(reading, fcntl.F_DUPFD, 10)
    high_writing = fcntl.fcntl(writing, fcntl.F_DUPFD, 10)
    os.dup2(high_reading, 3)
    os.dup2(high_writing, 4)


class Browser:
    """A headless Chromium with one page, driven over a pipe."""

    def __init__(self, executable: str, profile: Path, width: int = 1280, height: int = 900):
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()
        # The child's descriptors 3 and 4 must be the pipe's ends.
        self._process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--window-size={width},{height}", f"--user-data-dir={profile}",
             "--remote-debugging-pipe", "about:blank"],
            pass_fds=(3, 4),
            preexec_fn=lambda: _as_fds_3_and_4(to_browser_read, from_browser_write),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self._session = self.call(
            "Target.attachToTarget", {"targetId": page["targetId"], "flatten": True}
        )["sessionId"]
        self.call("Page.enable", session=True)

    def call(self, method: str, params: dict[str, Any] | None = None, session: bool = False) -> Any:
        """Send one command and return its result (events in between are skipped)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self._session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self._buffer:
                chunk = os.read(self._from_browser, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def open(self, url: str) -> None:
        """Navigate the page to ``url``."""
        self.call("Page.navigate", {"url": url}, session=True)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        result = self.call(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=True
        )
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 30) -> Any:
        """Poll ``expression`` until it is truthy; its value."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.1)
        raise TimeoutError(f"{expression} stayed false for {timeout} s")

    def html(self) -> str:
        """The page's DOM as HTML."""
        return str(self.evaluate("document.documentElement.outerHTML"))

    def screenshot(self, path: Path, full_page: bool = True) -> Path:
        """A PNG of the page."""
        params: dict[str, Any] = {"format": "png", "captureBeyondViewport": full_page}
        data = self.call("Page.captureScreenshot", params, session=True)["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        """Quit Chromium."""
        with contextlib.suppress(RuntimeError, OSError):  # it may be gone already
            self.call("Browser.close")
        try:
            self._process.wait(10)
        except subprocess.TimeoutExpired:
            self._process.kill()
        os.close(self._to_browser)
        os.close(self._from_browser)

    def __enter__(self) -> Browser:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
