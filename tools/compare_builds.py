#!/usr/bin/env python3
"""Compares the CPU time two builds of the `lockstep2d` CLI take on the same scene.

Both builds run at once on the same core, each `lockstep2d run <scene> --steps N
--no-sleep`, and the ratio of their CPU times (user + system, as the kernel counted them
for each process) is taken. Sharing one core, the two see the same spells of host load
and the same clock, which two runs one after the other do not: on a shared 2-core
machine the same binary timed alone moves by 15 % from run to run, while two copies of
it sharing a core agree within 1 %. The core alternates between rounds.

Usage: tools/compare_builds.py BASE NEW SCENE [--steps N] [--rounds R]
Prints the median of NEW / BASE over the rounds, and the range (below 1: NEW is faster).
"""

import argparse
import os
import statistics
import subprocess
import sys


def start(binary, scene, steps, core):
    """Starts one run pinned to `core`; its output is not needed."""
    return subprocess.Popen(
        [binary, "run", scene, "--steps", str(steps), "--no-sleep"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=lambda: os.sched_setaffinity(0, {core}),
    )


def cpu_seconds(process):
    """Waits for `process` and returns the CPU time it used, or None if it failed."""
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        return None
    return usage.ru_utime + usage.ru_stime


def round_ratio(base, new, scene, steps, core):
    """NEW's CPU time over BASE's, the two run at once on `core`."""
    runs = [start(binary, scene, steps, core) for binary in (base, new)]
    base_time, new_time = [cpu_seconds(run) for run in runs]
    for run, time in zip(runs, (base_time, new_time)):
        if time is None:
            sys.exit(f"{run.args[0]} exited with {run.returncode}")
    return new_time / base_time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("scene")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    cores = sorted(os.sched_getaffinity(0))
    ratios = [
        round_ratio(args.base, args.new, args.scene, args.steps, cores[i % len(cores)])
        for i in range(args.rounds)
    ]
    print(
        f"{args.scene}: new / base CPU median {statistics.median(ratios):.3f} "
        f"(range {min(ratios):.3f} to {max(ratios):.3f}, {args.rounds} rounds)"
    )


if __name__ == "__main__":
    main()
