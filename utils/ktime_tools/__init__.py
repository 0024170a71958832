"""The modules behind utils/ktime (the sweep driver, docs/driver.md) and
utils/validate (the validation harness, docs/accuracy.md): Python 3 standard
library only."""
