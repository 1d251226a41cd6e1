"""Lighthouse (from npm, run on Debian's Chromium) on one game: accessibility and best practices at 100, and
no layout shift worth the name (CLS under 0.1) while the page arrives. Its default is a phone's screen."""

from __future__ import annotations

import json
import os
import subprocess

import pytest
from browser_actions import CHROMIUM, CHROMIUM_ARGS
from npm_tools import tool_or_skip

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def lighthouse():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing")
    return tool_or_skip("lighthouse")


def test_lighthouse_scores_one_game(lighthouse, server, tmp_path):
    server.new_game("forty-thieves", 1)
    report = tmp_path / "lighthouse.json"
    # Only what is asserted: the two categories and the layout shift (no performance simulation, no
    # full-page screenshot), to keep the run short.
    command = ["node", str(lighthouse), server.url, "--quiet", "--output=json", f"--output-path={report}",
               "--only-categories=accessibility,best-practices", "--only-audits=cumulative-layout-shift",
               "--throttling-method=provided", "--disable-full-page-screenshot",
               f"--chrome-flags={' '.join(CHROMIUM_ARGS)}"]
    done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True,
                          timeout=170)
    assert done.returncode == 0 and report.exists(), done.stderr[-2000:]
    result = json.loads(report.read_text(encoding="utf-8"))
    assert not result.get("runtimeError"), result.get("runtimeError")
    failing = {category: [ref["id"] for ref in data["auditRefs"]
                          if ref["weight"] and (result["audits"][ref["id"]]["score"] or 0) < 1]
               for category, data in result["categories"].items()}
    scores = {category: data["score"] for category, data in result["categories"].items()}
    assert scores == {"accessibility": 1, "best-practices": 1}, failing
    shift = result["audits"]["cumulative-layout-shift"]["numericValue"]
    assert shift < 0.1, shift
