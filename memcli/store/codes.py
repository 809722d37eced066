"""Int8 codes of a scope's vectors, kept in memory beside its sign bits: which of the
hamming scan's candidates can be among the k most similar to the query, proved by a
bound, so that only those have their float vectors read and rescored.

Each vector v is kept as c = round(v / step) (int8, step = max|v_i| / 127), with
`scale` = step / |v| and `err` = |v - c step| / |v| + a rounding margin. Then for any
query q, |cos(q, v) - (c . q) scale / |q|| <= err (Cauchy-Schwarz), whatever the
vectors: a candidate whose cosine is below that of k others by more than both
errors cannot rank, and the cosines of those that can are computed from their float
vectors as before, so the search returns the same rows and the same numbers. A vector
that is zero or not finite gets an infinite `err`: it is always read. At 384
dimensions a code is 384 bytes (a quarter of the float vector), `err` ~0.007, and of
400 candidates ~85 can rank for a top 50."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


def margin(dim: int) -> float:
    """What float32 rounding can move the two cosines compared (the approximate one
    here, the exact one of the rescoring), each a sum of `dim` products, apart."""
    return max(1e-4, 4.0 * dim * 2.0 ** -24)


def quantize(mat: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(codes int8, scale float32, err float32) of the rows of `mat` (rows x dim). In
    float32: its rounding moves `err` by ~1e-6, well inside `margin`."""
    import numpy as np

    v = np.array(mat, dtype=np.float32)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        norm = np.sqrt(np.einsum("ij,ij->i", v, v))
        ok = np.isfinite(norm) & (norm > 0)
        v[~ok] = 0.0
        step = np.abs(v).max(axis=1, initial=np.float32(0)) / np.float32(127)
        step[~ok] = 1.0
        c = v / step[:, None]
        np.rint(c, out=c)
        codes = c.astype(np.int8)
        np.multiply(c, step[:, None], out=c)
        np.subtract(v, c, out=c)  # the residual
        norm[~ok] = 1.0
        err = np.sqrt(np.einsum("ij,ij->i", c, c)) / norm + np.float32(margin(v.shape[1]))
        err[~ok] = np.inf
        scale = step / norm
        scale[~ok] = 0.0
    return codes, scale.astype(np.float32), err.astype(np.float32)


def quantize_one(vector: np.ndarray) -> tuple[np.ndarray, float, float]:
    """`quantize` of one float32 vector, the same numbers with fewer numpy calls (a
    record written between searches)."""
    import numpy as np

    v = np.asarray(vector, dtype=np.float32)
    with np.errstate(invalid="ignore", over="ignore"):
        norm = np.sqrt(np.einsum("i,i->", v, v))
    if not (np.isfinite(norm) and norm > 0):
        return np.zeros(v.shape, dtype=np.int8), 0.0, float("inf")
    step = np.abs(v).max() / np.float32(127)
    c = v / step
    np.rint(c, out=c)
    codes = c.astype(np.int8)
    np.multiply(c, step, out=c)
    np.subtract(v, c, out=c)
    err = np.sqrt(np.einsum("i,i->", c, c)) / norm + np.float32(margin(v.shape[0]))
    return codes, float(np.float32(step / norm)), float(np.float32(err))


def could_rank(codes: np.ndarray, scale: np.ndarray, err: np.ndarray, q: np.ndarray, k: int) -> np.ndarray:
    """Which of these candidates (their codes, scales and errors) can be among the k
    most similar to `q`: those whose cosine's upper bound reaches the k-th largest
    lower bound (all of them when they are k or fewer, or `q` is not finite)."""
    import numpy as np

    n = len(codes)
    qn = float(np.sqrt(np.einsum("i,i->", q, q, dtype=np.float64)))
    if n <= k or not np.isfinite(qn) or not qn:
        return np.ones(n, dtype=bool)
    approx = np.einsum("ij,j->i", codes.astype(np.float32), q) * scale / np.float32(qn)
    low = approx - err
    kth = np.partition(low, n - k)[n - k]
    keep: np.ndarray = approx + err >= kth
    return keep
