"""Accuracy metrics of predicted against measured kernel times
(docs/accuracy.md, "What utils/validate compares").

Given configurations i = 1..n with measured time m_i and predicted time p_i:
  APE_i        = 100 * |p_i - m_i| / m_i; median APE and MAPE (the mean)
  Spearman     Pearson correlation of the ranks of p and of m (tied values
               share their average rank)
  Kendall      tau-b = (C - D) / sqrt((n0 - n1) (n0 - n2)), n0 = n(n-1)/2,
               n1, n2 the pairs tied in p, in m; C, D the concordant and
               discordant pairs (Knight's O(n log n) algorithm)
  regret       m(predicted best) / min m; where several configurations share
               the least prediction, the mean of their measured times
  top-5 hit    whether a configuration with the least measured time is
               among the 5 with the least predictions (ties in the
               prediction broken by the order the configurations came in);
               None for n <= 5, where every configuration is among them
Baselines on the same configurations:
  random       the median measured time over the best: what a uniformly
               random choice gives at the median
  occupancy    the configuration with the highest occupancy, ties to the
               larger thread block, remaining ties averaged as above
"""

import math


def median(values):
    v = sorted(values)
    n = len(v)
    if n == 0:
        return None
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2.0


def ape(pred, meas):
    return [100.0 * abs(p - m) / m for p, m in zip(pred, meas)]


def ranks(values):
    """Average ranks, 1-based: ranks([10, 30, 20, 20]) = [1, 4, 2.5, 2.5]."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        r = (i + j) / 2.0 + 1
        for k in range(i, j + 1):
            out[order[k]] = r
        i = j + 1
    return out


def pearson(x, y):
    n = len(x)
    if n < 2:
        return None
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    if sxx == 0 or syy == 0:
        return None  # a constant sequence has no rank order
    return sxy / math.sqrt(sxx * syy)


def spearman(x, y):
    return pearson(ranks(x), ranks(y))


def _tied_pairs(sorted_values):
    total, run = 0, 1
    for a, b in zip(sorted_values, sorted_values[1:]):
        if a == b:
            run += 1
        else:
            total += run * (run - 1) // 2
            run = 1
    return total + run * (run - 1) // 2


def _merge_count(v):
    """Sort V in place; return the number of inversions (i < j, v_i > v_j)."""
    n = len(v)
    if n < 2:
        return 0
    buf, swaps, width = [0] * n, 0, 1
    while width < n:
        for lo in range(0, n, 2 * width):
            mid, hi = min(lo + width, n), min(lo + 2 * width, n)
            i, j, k = lo, mid, lo
            while i < mid and j < hi:
                if v[j] < v[i]:
                    buf[k] = v[j]
                    swaps += mid - i
                    j += 1
                else:
                    buf[k] = v[i]
                    i += 1
                k += 1
            buf[k:k + mid - i] = v[i:mid]
            k += mid - i
            buf[k:k + hi - j] = v[j:hi]
            v[lo:hi] = buf[lo:hi]
        width *= 2
    return swaps


def kendall_tau_b(x, y):
    n = len(x)
    if n < 2:
        return None
    pairs = sorted(zip(x, y))
    n0 = n * (n - 1) // 2
    n1 = _tied_pairs([p[0] for p in pairs])
    n3 = _tied_pairs(pairs)  # tied in both
    ys = [p[1] for p in pairs]
    swaps = _merge_count(ys)  # ys is now sorted
    n2 = _tied_pairs(ys)
    denom = (n0 - n1) * (n0 - n2)
    if denom == 0:
        return None
    return (n0 - n1 - n2 + n3 - 2 * swaps) / math.sqrt(denom)


def regret_of_choice(chosen, meas):
    """Mean measured time of the CHOSEN indices over the best measured."""
    return sum(meas[i] for i in chosen) / len(chosen) / min(meas)


def argmin_all(values):
    best = min(values)
    return [i for i, v in enumerate(values) if v == best]


def top_k_hit(pred, meas, k=5):
    """Whether a best measured configuration is among the K least PRED
    (ties by index); None when there are at most K: always a hit."""
    if len(pred) <= k:
        return None
    order = sorted(range(len(pred)), key=lambda i: (pred[i], i))[:k]
    best = min(meas)
    return any(meas[i] == best for i in order)


def summary(pred, meas):
    """Every KernelTime metric for paired lists (same order)."""
    if not pred:
        return {'n': 0}
    a = ape(pred, meas)
    return {
        'n': len(pred),
        'median_ape': median(a),
        'mape': sum(a) / len(a),
        'spearman': spearman(pred, meas),
        'kendall': kendall_tau_b(pred, meas),
        'regret': regret_of_choice(argmin_all(pred), meas),
        'top5': top_k_hit(pred, meas, 5),
    }


def random_baseline(meas):
    return {'n': len(meas), 'regret': median(meas) / min(meas)}


def occupancy_baseline(occupancy, threads, meas):
    """The highest occupancy, ties to the most threads per block; also its
    rank correlations (higher occupancy read as a shorter time) and top-5."""
    key = [(-o, -t) for o, t in zip(occupancy, threads)]
    chosen = argmin_all(key)
    neg = [-o for o in occupancy]
    return {
        'n': len(meas),
        'regret': regret_of_choice(chosen, meas),
        'top5': top_k_hit(key, meas, 5),
        'spearman': spearman(neg, meas),
        'kendall': kendall_tau_b(neg, meas),
    }
