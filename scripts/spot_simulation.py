#!/usr/bin/env python3
"""Spot billing in increments: the closed form of core/cost_model.cpp (spot_for) against a simulation
of the same renewal process. Instances live Exp(lambda) hours; work is saved every tau hours of an
instance's work; each restart takes R hours (not exposed to interruption, as in the model); every
instance bills ceil(its hours / c) * c. Prints, per case, the model's expected billed hours per card,
the simulation's mean over `runs` runs, and the model's error. The README's figures come from it.

usage: python3 scripts/spot_simulation.py [runs=40000] [seed=11]
"""
import math
import random
import sys


def model(W, lam, tau, R, c):
    t = tau if 0 < tau < W else W  # no checkpoints (or one past the end): the whole run
    g = math.expm1(lam * t)
    N = W / t * g  # expected interruptions
    H = W + N * (1 / lam + R - t / g)  # expected hours on the instances
    u = min(max(c / -math.expm1(-lam * c) - 1 / lam, 0), c)  # unused per interrupted instance
    rest = math.ceil(W / c - 1e-9) * c - W  # an uninterrupted run's rounding
    p0 = math.exp(-lam * W)
    return H + N * u + p0 * rest + (1 - p0) * u


def simulate(W, lam, tau, R, c, runs, rng):
    t = tau if 0 < tau < W else W
    total = 0.0
    for _ in range(runs):
        done, billed, first = 0.0, 0.0, True
        while True:
            life = rng.expovariate(lam)
            left = W - done
            hours = (0 if first else R) + min(life, left)
            billed += math.ceil(hours / c - 1e-9) * c
            if life >= left:
                break
            done += math.floor(life / t) * t if t < W else 0
            first = False
        total += billed
    return total / runs


CASES = [  # W h, lambda /h, tau h, R h, c h
    (100, 0.01, 1, 0.1, 1), (24, 0.05, 1, 0.25, 1), (8.17, 0.05, 1, 0.25, 1), (200, 0.05, 1, 0.25, 1),
    (10, 0.2, 1, 0.25, 1), (48.5, 0.123, 0, 0.1, 1), (700, 0.05, 2, 0.25, 24), (5.34, 0.05, 1, 0.25, 24),
    (10, 0.2, 1, 0.25, 24),
]

if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 40000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 11)
    print("| W h | λ /h | τ h | R h | c h | model | simulated | error |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for W, lam, tau, R, c in CASES:
        m, s = model(W, lam, tau, R, c), simulate(W, lam, tau, R, c, runs, rng)
        print(f"| {W:g} | {lam:g} | {tau:g} | {R:g} | {c:g} | {m:.2f} | {s:.2f} | {100 * (m / s - 1):+.1f}% |")
