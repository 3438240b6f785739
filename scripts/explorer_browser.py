"""Headless Chromium for the lineage explorer's page (Debian's chromium and chromedriver, driven by Selenium):
scripts/lineage_graph.py (a PNG of one view), scripts/bench.py (the first view's time) and tests/test_explorer.py.

The browser gets no network: every host name resolves to nothing and every proxy request goes to a closed port, so
a page that asked for anything outside its own file would fail (and log it to the console)."""
from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMEDRIVER = ("/usr/bin/chromedriver",)


def find(candidates: tuple[str, ...], name: str) -> str:
    for path in (*candidates, shutil.which(name) or ""):
        if path and Path(path).exists():
            return path
    raise SystemExit(f"{name} not found: apt-get install chromium chromium-driver (scripts/setup.sh does it as root)")


def chromium(width: int = 1500, height: int = 950) -> Any:
    """A headless Chromium with its console log kept (driver.get_log('browser')); the caller quits it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = find(CHROMIUM, "chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--hide-scrollbars", "--force-device-scale-factor=1",
                     "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",
                     "--disable-background-networking", "--disable-component-update", "--no-first-run"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(find(CHROMEDRIVER, "chromedriver")), options=options)


def open_view(driver: Any, page: Path, fragment: str = "", timeout_s: float = 30) -> float:
    """Open the page at a fragment and wait until the explorer has drawn; returns the first view's time in ms
    (from navigation start to the end of the page's first render)."""
    driver.get(page.resolve().as_uri() + (("#" + fragment.lstrip("#")) if fragment else ""))
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        drawn = driver.execute_script("var x = window.lineageExplorer; return x && x.firstRenderMs !== null &&"
                                      " x.rendered === location.hash ? x.firstRenderMs : null")
        if drawn is not None:
            return float(drawn)
        time.sleep(0.05)
    raise TimeoutError(f"the explorer at {page} did not render within {timeout_s} s")


def shown_tables(driver: Any) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """The rows of the text view: shown-nodes (key, name, namespace, kind, status, depth) and shown-edges (from,
    to, kind, from_name, to_name, output_types)."""
    return driver.execute_script("""
        var rows = function (id) { return Array.prototype.slice.call(document.querySelectorAll(id + ' tbody tr')); };
        var cells = function (tr) {
            return Array.prototype.map.call(tr.cells, function (td) { return td.textContent; });
        };
        var nodes = rows('#shown-nodes').map(function (tr) {
            var c = cells(tr);
            return {key: tr.getAttribute('data-key'), name: c[0], namespace: c[1], kind: c[2], status: c[3],
                    depth: c[4]};
        });
        var edges = rows('#shown-edges').map(function (tr) {
            var c = cells(tr);
            return {from: tr.getAttribute('data-from'), to: tr.getAttribute('data-to'),
                    kind: tr.getAttribute('data-kind'), from_name: c[0], to_name: c[1], output_types: c[3]};
        });
        return [nodes, edges];""")
