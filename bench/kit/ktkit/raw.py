"""Reads the raw output of bench/kit's programs (bench/kit/common.cuh,
"Raw output"): one record per line, `TYPE key=value ...`, values quoted as
shell words; '#' starts a comment line. Numbers are converted where a value
parses as one."""
import re
import shlex

from ktime_tools.targetyaml import number_or_text


class RawError(Exception):
    pass


def parse_lines(lines, name="<raw>"):
    """Records of the lines, each a dict with 'type', 'file', 'line' and the
    fields. A malformed line is an error naming file and line."""
    records = []
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            words = shlex.split(line)
        except ValueError as e:
            raise RawError("%s:%d: %s" % (name, number, e))
        if not re.fullmatch(r"[a-z_0-9]+", words[0]):
            raise RawError("%s:%d: expected a record 'TYPE key=value ...', "
                           "got '%s'" % (name, number, line[:40]))
        rec = {"type": words[0], "file": name, "line": number}
        for w in words[1:]:
            if "=" not in w:
                raise RawError("%s:%d: expected key=value, got '%s'"
                               % (name, number, w))
            k, v = w.split("=", 1)
            # Strings the programs quote stay strings (names, args, notes).
            rec[k] = v if k in STRING_FIELDS else number_or_text(v)
        records.append(rec)
    return records


# Fields that are text even when they look like numbers.
STRING_FIELDS = {"name", "arch", "args", "note", "kernel",
                 "family", "source", "time_kind", "class", "mode", "level",
                 "path", "space", "pattern", "operand", "method"}


def parse_files(paths):
    records = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            records += parse_lines(f, p)
    return records


class Raw:
    """All records of a run, with the look-ups the writers need."""

    def __init__(self, records):
        self.records = records
        devices = self.of("device")
        if not devices:
            raise RawError("no 'device' record: not an output of bench/kit")
        self.device = devices[0]
        for d in devices[1:]:
            if d.get("name") != self.device.get("name"):
                raise RawError("%s:%d: outputs of two GPUs ('%s' and '%s')"
                               % (d["file"], d["line"], self.device["name"],
                                  d["name"]))

    def of(self, rtype, **match):
        return [r for r in self.records if r["type"] == rtype
                and all(r.get(k) == v for k, v in match.items())]

    def program_clock(self, program):
        """The `clock method=spin` record printed first by PROGRAM."""
        current = None
        for r in self.records:
            if r["type"] == "program":
                current = r.get("name")
            elif (r["type"] == "clock" and current == program
                  and r.get("method") == "spin"):
                return r["sm_mhz"]
        return None
