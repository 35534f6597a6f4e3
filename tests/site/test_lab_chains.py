"""The lab's prepared chains as the built site ships them (the manifest's ``chains``): what
the engine computes, each ruleset's graph and the shape of its game lengths at the lab's
counters (engine/zohn_ahl/solver/prepared.py)."""

from __future__ import annotations

import json

from engine.zohn_ahl.chances import LAB_COUNTERS, VARIANTS
from engine.zohn_ahl.solver.prepared import Prepared


def test_the_shipped_chains_are_what_the_engine_computes(site_dir):
    runtime = site_dir / "assets" / "runtime"
    manifest = json.loads((runtime / "manifest.json").read_text(encoding="utf-8"))
    shipped = Prepared.from_bytes((runtime / manifest["chains"]).read_bytes())
    computed = Prepared.of(VARIANTS, LAB_COUNTERS)
    assert list(shipped.graphs) == list(VARIANTS)
    assert shipped.graphs == computed.graphs
    assert shipped.shapes == computed.shapes
    # one version of the file: an earlier build's is gone
    assert [p.name for p in (runtime / "lab").iterdir()] == [manifest["chains"].split("/")[1]]
