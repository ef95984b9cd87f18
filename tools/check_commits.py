#!/usr/bin/env python3
"""Fails when a commit's subject is longer than 72 characters.

A subject says what changed in one line; the detail belongs in the body. The rule holds
from the commit below on: earlier subjects were written before it and stay as they are.
In a clone without that commit (a shallow one), only HEAD is checked.

Usage: tools/check_commits.py
"""

import subprocess
import sys

# The last commit before the rule.
SINCE = "8f48d113514468aa445ab3a7de09dfc67249e1fb"
LIMIT = 72


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True)


def main():
    known = git("cat-file", "-e", SINCE + "^{commit}").returncode == 0
    span = [f"{SINCE}..HEAD"] if known else ["-1", "HEAD"]
    log = git("log", "--format=%h %s", *span)
    if log.returncode != 0:
        print(f"check_commits: git log failed: {log.stderr.strip()}", file=sys.stderr)
        return 1
    long = [line for line in log.stdout.splitlines() if len(line.split(" ", 1)[1]) > LIMIT]
    for line in long:
        commit, subject = line.split(" ", 1)
        print(
            f"check_commits: {commit}'s subject is {len(subject)} characters"
            f" (at most {LIMIT}): {subject}"
        )
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
