"""The start-position solver's proofs (``tools/solve_start.py``): a win it proves comes with
a certificate that the checker replays against the rules, and a tampered certificate is
rejected."""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import solve_start  # noqa: E402
from certificate_check import CertificateError, check  # noqa: E402

from engine.awithlaknannai import Position  # noqa: E402


def proved_certificate(ruleset: str, seed: int) -> dict:
    """A certificate of a 7-piece position (one more than the tables hold) whose proof has
    at least one position where the loser must reply."""
    rng = random.Random(seed)
    for _ in range(200):
        points = rng.sample(range(25), 7)
        pos = Position(ruleset, sum(1 << p for p in points[:4]), sum(1 << p for p in points[4:]))
        prover = solve_start.Prover(ruleset, 0)
        key = (pos.black, pos.white, 0)
        pn, _ = prover.search(key, float("inf"), 3000)  # bounded by nodes, not by time
        if pn == 0:
            cert = solve_start.certificate(prover, key)
            if '"replies"' in json.dumps(cert):
                return cert
    pytest.fail("no proved position found")


def first(tree: dict, kind: str) -> dict:
    """The first node of ``kind`` ("replies" or "play") in the tree, depth first."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if kind in node:
            return node
        stack.extend(node.get("replies", {}).values())
        if "next" in node:
            stack.append(node["next"])
    raise AssertionError(f"no {kind} node")


@pytest.mark.parametrize("ruleset", ["culin", "ludii"])
def test_a_proved_win_has_a_certificate_the_checker_accepts(ruleset):
    cert = proved_certificate(ruleset, seed=3)
    assert check(cert) >= 3
    assert json.loads(json.dumps(cert)) == cert  # plain JSON, as the tool writes it


def test_a_tampered_certificate_is_rejected():
    cert = proved_certificate("culin", seed=3)
    # the other side named as the winner
    bad = copy.deepcopy(cert)
    bad["winner"] = 1 - bad["winner"]
    with pytest.raises(CertificateError):
        check(bad)
    # one of the loser's replies left out
    bad = copy.deepcopy(cert)
    replies = first(bad["tree"], "replies")["replies"]
    replies.pop(sorted(replies)[0])
    with pytest.raises(CertificateError, match="every legal move"):
        check(bad)
    # the winner's move replaced by one that is not a legal move there
    bad = copy.deepcopy(cert)
    first(bad["tree"], "play")["play"] = "m1-m1"
    with pytest.raises(CertificateError, match="not a legal move"):
        check(bad)
    # an end that is not one
    bad = copy.deepcopy(cert)
    node = first(bad["tree"], "replies")
    node.clear()
    node["end"] = "rules"
    with pytest.raises(CertificateError, match="not won"):
        check(bad)


def test_the_search_from_the_start_reports_and_resumes(tmp_path):
    state = tmp_path / "state.json"
    report = solve_start.solve("ludii", 2.0, state, 2000)
    assert set(report["sides"]) == {"black", "white"}
    for side in report["sides"].values():
        assert side["answer"] in ("yes (proved)", "not proved")
        assert set(side["first_moves"]) == {"b4-m5", "b5-m5", "m6-m5"}
    saved = json.loads(state.read_text())
    again = solve_start.solve("ludii", 2.0, state, 4000)
    assert again["sides"]["black"]["nodes"] >= saved["black"]["nodes"]
