"""The measurement table (docs/measuring.md): one CSV row per timed launch,
from the `row` records of the kit's raw outputs, in the development set's
format (docs/accuracy.md, "The measurement table"; the columns of
utils/ktime_tools/devtable.py), so that utils/devset-run reads it as it is."""
import csv

from ktime_tools.devtable import KINDS as TIME_KINDS

COLUMNS = ["dataset", "family", "variant", "problem", "config", "source",
           "kernel", "cuda", "grid", "block", "shmem", "args", "gpu",
           "target", "sm_mhz", "mem_mhz", "time_us", "time_kind", "circular",
           "note"]


def rows(raw, target, dataset="kit"):
    """Table rows (dicts of COLUMNS) of a Raw run; TARGET names the target
    file the rows are to be predicted with."""
    out = []
    for r in raw.of("row"):
        if r.get("time_kind") not in TIME_KINDS:
            raise ValueError("%s:%d: time_kind must be one of %s, got '%s'"
                             % (r["file"], r["line"], ", ".join(TIME_KINDS),
                                r.get("time_kind")))
        out.append({
            "dataset": dataset,
            "family": r["family"],
            # A sweep is one kernel and problem over launch configurations.
            "variant": r["kernel"],
            "problem": r.get("args", ""),
            "config": "grid=%s block=%s" % (r["grid"], r["block"]),
            "source": r["source"],
            "kernel": r["kernel"],
            # The kit's sources use the CUDA runtime's host API.
            "cuda": "sdk",
            "grid": str(r["grid"]),
            "block": str(r["block"]),
            "shmem": int(r["shared_bytes"]),
            "args": r.get("args", ""),
            "gpu": raw.device["name"],
            "target": target,
            "sm_mhz": "%.1f" % float(r["sm_mhz"]),
            "mem_mhz": "%.0f" % float(raw.device["mem_mhz"]),
            "time_us": "%.4g" % float(r["time_us"]),
            "time_kind": r["time_kind"],
            "circular": int(r["circular"]),
            "note": r.get("note", ""),
        })
    return out


def write(path, table_rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        for row in table_rows:
            w.writerow(row)
