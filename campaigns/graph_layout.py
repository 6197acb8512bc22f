"""Where the nodes of a graph go when nobody placed them: a map's territories entered without coordinates, a fort's
sections in its diagram. A force-directed layout, seeded, so that the same graph always gets the same picture."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

_LAYOUT_SEED = 1515
"""Fixes the jitter of :func:`auto_layout`, so that a map is laid out the same every time."""


def auto_layout(ids: Sequence[int], neighbours: Mapping[int, Sequence[int]]) -> dict[int, tuple[float, float]]:
    """Positions (0–100 each way) for a map that has none: territories around a circle for up to three, otherwise
    a force-directed layout (Fruchterman–Reingold) where roads pull and every territory pushes the others away,
    started from the graph's spectral layout.

    The start is seeded, so the same map always gets the same picture.
    """
    order = list(ids)
    if len(set(order)) != len(order):
        raise ValueError("territory ids must be unique")
    index = {territory: position for position, territory in enumerate(order)}
    edges: set[tuple[int, int]] = set()
    for territory, linked in neighbours.items():
        for other in linked:
            if territory not in index or other not in index:
                raise ValueError(f"road {territory}–{other} leads to a territory outside the map")
            if territory != other:
                edges.add((min(index[territory], index[other]), max(index[territory], index[other])))
    count = len(order)
    if count == 0:
        return {}
    if count <= 3:
        angles = np.linspace(-math.pi / 2, 3 * math.pi / 2, count, endpoint=False)
        return _scaled(order, np.column_stack((np.cos(angles), np.sin(angles))))
    pairs = np.array(sorted(edges), dtype=int).reshape(-1, 2)
    adjacency = np.zeros((count, count))
    adjacency[pairs[:, 0], pairs[:, 1]] = adjacency[pairs[:, 1], pairs[:, 0]] = 1.0
    # Start from the spectral layout (the Laplacian's two smoothest non-constant eigenvectors), which unfolds grids
    # and rings that a start on a circle would leave twisted; the seeded jitter parts territories it puts together.
    _, vectors = np.linalg.eigh(np.diag(adjacency.sum(axis=1)) - adjacency)
    start = vectors[:, 1:3] / max(float(np.abs(vectors[:, 1:3]).max()), 1e-9)
    rng = np.random.default_rng(_LAYOUT_SEED)
    positions = start + rng.normal(0.0, 0.05, start.shape)
    spacing = math.sqrt(4.0 / count)
    steps = 400
    for step in range(steps):
        delta = positions[:, None, :] - positions[None, :, :]
        distance = np.maximum(np.linalg.norm(delta, axis=-1), 1e-3)
        push = delta * (spacing**2 / distance**2)[:, :, None]
        moves = push.sum(axis=1)
        if len(pairs):
            along = positions[pairs[:, 0]] - positions[pairs[:, 1]]
            pull = along * (np.linalg.norm(along, axis=1) / spacing)[:, None]
            np.add.at(moves, pairs[:, 0], -pull)
            np.add.at(moves, pairs[:, 1], pull)
        # a weak pull to the centre keeps separate islands of territories from drifting apart
        moves -= positions * 0.3
        length = np.maximum(np.linalg.norm(moves, axis=1), 1e-9)
        limit = 0.1 * (1 - step / steps) + 0.002
        positions += moves * (np.minimum(length, limit) / length)[:, None]
    return _scaled(order, positions)


def _scaled(order: Sequence[int], positions: np.ndarray) -> dict[int, tuple[float, float]]:
    """``positions`` (at least one) stretched to fill 8–92 both ways (the margin leaves room for labels), then
    pushed apart where two territories came closer than their labels need, and rounded."""
    low, high = positions.min(axis=0), positions.max(axis=0)
    span = np.where(high - low > 1e-9, high - low, 1.0)
    fitted = np.where(high - low > 1e-9, 8 + (positions - low) / span * 84, 50.0)
    gap = min(22.0, 80.0 / math.sqrt(len(order)))
    for _ in range(200):
        delta = fitted[:, None, :] - fitted[None, :, :]
        distance = np.linalg.norm(delta, axis=-1)
        np.fill_diagonal(distance, 1e9)
        short = distance < gap
        if not short.any():
            break
        # each of a pair too close moves half the shortfall away from the other
        push = np.where(short, (gap - distance) / 2 / np.maximum(distance, 1e-6), 0.0)
        fitted = np.clip(fitted + (delta * push[:, :, None]).sum(axis=1), 8.0, 92.0)
    return {
        territory: (round(float(x), 1), round(float(y), 1)) for territory, (x, y) in zip(order, fitted, strict=True)
    }
