"""The proved bound on the error of the solver's figures, from the residuals of the final
iterate (spec/zohn-ahl-solver.md § 10)."""

from __future__ import annotations

import sys
from operator import mul

__all__ = ["TOLERANCE", "Equation", "bound", "residuals"]

TOLERANCE = 1e-11  # the bound on the error of every win chance the iteration aims for

Equation = tuple[tuple[int, ...], tuple[float, ...], complex, float]
"""A kept state's equation in positions: (targets, weights, constant, 1 - self-loop), so
that ``z[a] * (1 - self-loop) = constant + sum weight * z[target]``."""


def residuals(full: list[Equation], z: list[complex]) -> list[complex]:
    """The residuals ``b + P z - z`` of every kept state (V + iE together)."""
    get = z.__getitem__
    return [
        const + sum(map(mul, weights, map(get, targets))) - d * z[a]
        for a, (targets, weights, const, d) in enumerate(full)
    ]


def bound(res: list[complex], max_e: float) -> tuple[float, bool]:
    """(the bound on the error of V proved from the residuals (V + iE), whether it is small
    enough, the expected throws settled too)."""
    if not res:
        return 0.0, True
    part = [r.real for r in res]
    max_rv = max(max(part), -min(part))
    part = [r.imag for r in res]
    max_re = max(max(part), -min(part))
    error = max_rv * (max_e + 1.0) * 1.01
    # the same bound for E: within TOLERANCE, or as near as double precision can prove
    # (rounding leaves residuals of a few ulps of E, multiplied by E in the bound)
    e_target = max(TOLERANCE, 64 * sys.float_info.epsilon * max_e * (max_e + 1.0))
    converged = error <= TOLERANCE and max_re * (max_e + 1.0) * 1.01 <= e_target
    return error, converged
