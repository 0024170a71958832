"""The measurement kit's Python side (standard library only): reads the raw
outputs of bench/kit's programs (raw.py), writes the measurement table
(table.py) and a target file for the measured card (target.py, with the
launch fit in fit.py), and checks a target file against docs/targets.md
(check.py, reading the YAML subset target files use with yamlsub.py)."""
