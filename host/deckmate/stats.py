"""The statistics the host tools report, from the standard library's `statistics`."""

import math
import statistics

# 1.96: half a 95% normal interval, in standard errors
Z95 = statistics.NormalDist().inv_cdf(0.975)


def mean_interval(values):
    """(mean, [low, high]): the mean and its 95% interval, a normal approximation (1.96
    standard errors each side; a single value gives [mean, mean])."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, [mean, mean]
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, [mean - half, mean + half]


def percentile(values, percent):
    """The `percent`th percentile (1..99) of `values`, interpolated between the nearest
    values ("inclusive" quantiles: the 50th is the median, a single value is every one)."""
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]


def proportion_interval(successes, count):
    """The 95% Wilson score interval [low, high] of a proportion seen `successes` times in
    `count` trials (it stays inside [0, 1] and means something for small counts)."""
    share = successes / count
    centre = share + Z95 * Z95 / (2 * count)
    half = Z95 * math.sqrt(share * (1 - share) / count + Z95 * Z95 / (4 * count * count))
    scale = 1 + Z95 * Z95 / count
    return [max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)]
