"""Reading the plugin's JSON report (-ktime-report=FILE.json).

Format (docs/usage.md): {"schema": 1, "kerneltime": VERSION,
"launches": [{"id", "kernel", "gpu", "spec", "grid", "block", "shmem",
"regs", "regs_source", "predicted_ns", "launch_ns", "waves",
"blocks_per_sm", "occupancy", "bound", "assumptions", ...,
"models": {name: ns}}], "errors": [{"spec", "message"}]}.

A launch the plugin could not predict is absent from "launches" and has an
entry in "errors"; its id is read back from the ",id=..." of its spec.
"""

import json
import math
import re

SCHEMA = 1
REQUIRED = ('kernel', 'gpu', 'predicted_ns')


class ReportError(Exception):
    """A report that is missing, not JSON, or not in the expected form."""


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


_ID = re.compile(r'(?:^|[,:])id=([^,]*)')


def id_of_spec(spec):
    m = _ID.search(spec or '')
    return m.group(1) if m else None


class Report:
    def __init__(self, path, version, launches, errors):
        self.path = path
        self.version = version
        self.launches = launches  # list of dicts, checked
        self.errors = errors      # list of {"spec", "message", "id"}


def load(path):
    try:
        with open(path) as f:
            data = json.load(f)
    except FileNotFoundError:
        raise ReportError('%s: the plugin wrote no report' % path)
    except OSError as e:
        raise ReportError('%s: %s' % (path, e.strerror))
    except ValueError as e:
        raise ReportError('%s: not JSON: %s' % (path, e))
    return parse(data, path)


def parse(data, path='<report>'):
    if not isinstance(data, dict):
        raise ReportError('%s: expected a JSON object' % path)
    if data.get('schema') != SCHEMA:
        raise ReportError('%s: schema %r, this tool reads schema %d'
                          % (path, data.get('schema'), SCHEMA))
    launches = data.get('launches', [])
    errors = data.get('errors', [])
    if not isinstance(launches, list) or not isinstance(errors, list):
        raise ReportError('%s: "launches" and "errors" must be lists' % path)
    checked = []
    for i, entry in enumerate(launches):
        where = '%s: launches[%d]' % (path, i)
        if not isinstance(entry, dict):
            raise ReportError('%s: not an object' % where)
        for key in REQUIRED:
            if key not in entry:
                raise ReportError('%s: no "%s"' % (where, key))
        if not _number(entry['predicted_ns']) or entry['predicted_ns'] < 0:
            raise ReportError('%s: predicted_ns %r is not a non-negative number'
                              % (where, entry['predicted_ns']))
        e = dict(entry)
        if 'id' not in e:
            e['id'] = id_of_spec(e.get('spec'))
        models = e.get('models')
        if models is not None and not isinstance(models, dict):
            raise ReportError('%s: "models" must be an object' % where)
        checked.append(e)
    errs = []
    for i, err in enumerate(errors):
        if not isinstance(err, dict) or 'message' not in err:
            raise ReportError('%s: errors[%d]: expected {"spec", "message"}' % (path, i))
        errs.append({'spec': err.get('spec'), 'message': err['message'],
                     'id': id_of_spec(err.get('spec'))})
    return Report(path, data.get('kerneltime'), checked, errs)
