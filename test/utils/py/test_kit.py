"""Unit tests of bench/kit's Python side (bench/kit/ktkit): the raw-output
parser, the launch fit, and the target files' reader, flattening and checks
it uses from utils/ktime_tools (targetyaml.py, targetflat.py,
targetcheck.py). Run by test/utils/kit-unit.test; no GPU, no build
needed."""
import glob
import os
import sys
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                    "..")
sys.path.insert(0, os.path.join(ROOT, "bench", "kit"))

from ktkit import fit, raw, target  # noqa: E402  (puts utils/ on sys.path)
from ktime_tools import targetcheck as check  # noqa: E402
from ktime_tools import targetflat as flatten  # noqa: E402
from ktime_tools import targetfile  # noqa: E402
from ktime_tools import targetyaml as yamlsub  # noqa: E402


class RawTest(unittest.TestCase):
    def test_quoted_values_and_numbers(self):
        recs = raw.parse_lines([
            '# a comment',
            'device name="NVIDIA \\"X\\" 1" arch="sm_89" sms=58 mem_mhz=6251.5',
            'row args="N=1;M=2" grid="1,1,1" kernel="k" time_us=1e3',
        ])
        self.assertEqual(recs[0]["name"], 'NVIDIA "X" 1')
        self.assertEqual(recs[0]["sms"], 58)
        self.assertEqual(recs[0]["mem_mhz"], 6251.5)
        self.assertEqual(recs[1]["args"], "N=1;M=2")
        self.assertEqual(recs[1]["grid"], "1,1,1")
        self.assertEqual(recs[1]["time_us"], 1000.0)

    def test_errors_name_the_line(self):
        with self.assertRaisesRegex(raw.RawError, "f:2: expected key=value"):
            raw.parse_lines(["clock sm_mhz=1", "clock oops"], "f")
        with self.assertRaisesRegex(raw.RawError, "unterminated|No closing"):
            raw.parse_lines(['device name="x'], "f")
        with self.assertRaisesRegex(raw.RawError, "no 'device' record"):
            raw.Raw(raw.parse_lines(["clock sm_mhz=1"]))

    def test_two_gpus_are_refused(self):
        recs = raw.parse_lines(['device name="A"', 'device name="B"'], "f")
        with self.assertRaisesRegex(raw.RawError, "two GPUs"):
            raw.Raw(recs)


class FitTest(unittest.TestCase):
    def test_exact_lines_and_quadratic(self):
        # t = 2 us + (0.001 + 0.0001 w + 0.00001 w^2) us x g at 1000 MHz:
        # intercept 2000 cycles, slope(w) = 1 + 0.1 w + 0.01 w^2.
        pts = [(g, b, 2 + (0.001 + 0.0001 * (b / 32) + 0.00001 *
                           (b / 32) ** 2) * g)
               for b in (32, 128, 512, 1024) for g in (1, 100, 10 ** 6)]
        r = fit.launch_fit(pts, 1000.0)
        self.assertAlmostEqual(r["intercept_cycles"], 2000.0, places=6)
        self.assertAlmostEqual(r["slope_b2"], 0.01, places=9)
        self.assertAlmostEqual(r["slope_b1"], 0.1, places=9)
        self.assertAlmostEqual(r["slope_b0"], 1.0, places=9)
        self.assertEqual((r["fit_grid_min"], r["fit_grid_max"]), (1, 10 ** 6))
        self.assertEqual((r["fit_warps_min"], r["fit_warps_max"]), (1, 32))

    def test_weights_are_relative(self):
        # One block size, a flat small-grid part: 1/t^2 weights keep the
        # intercept near the small grids' 2 us although the 1e6-block point
        # is 500 times larger.
        pts = [(1, 256, 2.0), (10, 256, 2.0), (100, 256, 2.1),
               (10 ** 6, 256, 1000.0)]
        r = fit.launch_fit(pts, 1000.0)
        self.assertLess(abs(r["intercept_cycles"] - 2000.0), 100.0)

    def test_negative_slope_is_refused(self):
        pts = [(1, 32, 10.0), (1000, 32, 1.0), (1, 64, 10.0), (1000, 64, 1.0)]
        with self.assertRaisesRegex(ValueError, "not positive"):
            fit.launch_fit(pts, 1000.0)


class CheckTest(unittest.TestCase):
    def test_every_shipped_target_passes(self):
        files = glob.glob(os.path.join(ROOT, "gpu-targets", "*.yaml"))
        self.assertTrue(files)
        for f in files:
            self.assertEqual(check.check_file(f), [], f)

    def test_flatten(self):
        # l4.yaml names arch/sm_89.yaml: one schema-1 text with both files'
        # fields (and comments), in docs/targets.md's order.
        card = os.path.join(ROOT, "gpu-targets", "l4.yaml")
        text, arch = flatten.flat_text(card)
        self.assertEqual(os.path.basename(arch), "sm_89.yaml")
        tree = yamlsub.plain(yamlsub.load(text))
        self.assertEqual((tree["schema"], tree["arch"]), (1, "sm_89"))
        self.assertNotIn("architecture", tree)
        self.assertEqual(tree["sm"]["count"], 58)           # the card's
        self.assertEqual(tree["sm"]["warp_size"], 32)       # the arch's
        self.assertEqual(list(tree["memory"])[:3], ["l1", "shared", "l2"])
        self.assertIn("atomic.global", tree["instructions"])  # the card's
        self.assertIn("tensor", tree["instructions"])         # the arch's
        self.assertIn("# guide T30", text)                    # comments kept
        self.assertEqual(check.check_tree(tree, "l4"), [])

    def test_ranges_and_order(self):
        text, _ = flatten.flat_text(
            os.path.join(ROOT, "gpu-targets", "l4.yaml"))
        tree = yamlsub.plain(yamlsub.load(text))
        tree["clocks"]["sm_mhz"] = 1e-300
        tree["memory"]["l2"]["latency"] = 20
        tree["instructions"]["fp32.fma"] = {"lat": 4, "del": 1,
                                            "units_per_pb": 2}
        del tree["instructions"]["tensor"]
        problems = "\n".join(check.check_tree(tree, "l4"))
        self.assertIn("'clocks.sm_mhz': must be between 100 and 4000", problems)
        self.assertIn("'memory.l2.latency': must not be below "
                      "memory.l1.latency", problems)
        self.assertIn("'instructions.fp32.fma': give one of", problems)
        self.assertIn("'instructions.tensor': required instruction class is "
                      "missing", problems)

    def test_l1_global_loads(self):
        # memory.l1.global_loads is optional and one of three words: a
        # Maxwell card (read_only, from its architecture file) passes, a
        # card without the key passes, another word is refused.
        text, _ = flatten.flat_text(
            os.path.join(ROOT, "gpu-targets", "gtx-980.yaml"))
        tree = yamlsub.plain(yamlsub.load(text))
        self.assertEqual(tree["memory"]["l1"]["global_loads"], "read_only")
        self.assertEqual(check.check_tree(tree, "gtx-980"), [])
        del tree["memory"]["l1"]["global_loads"]
        self.assertEqual(check.check_tree(tree, "gtx-980"), [])
        tree["memory"]["l1"]["global_loads"] = "some"
        self.assertIn("field 'memory.l1.global_loads': must be all, read_only "
                      "or none, got 'some'",
                      check.check_tree(tree, "gtx-980"))

    def test_l1_tags_per_clk(self):
        # memory.l1.tags_per_clk is optional: an Ada card has it from its
        # architecture file, a card without it passes, 65 is refused.
        text, _ = flatten.flat_text(
            os.path.join(ROOT, "gpu-targets", "l4.yaml"))
        tree = yamlsub.plain(yamlsub.load(text))
        self.assertEqual(tree["memory"]["l1"]["tags_per_clk"], 4)
        del tree["memory"]["l1"]["tags_per_clk"]
        self.assertEqual(check.check_tree(tree, "l4"), [])
        tree["memory"]["l1"]["tags_per_clk"] = 65
        self.assertIn("field 'memory.l1.tags_per_clk': must be between 1 and "
                      "64 lines per clock",
                      "\n".join(check.check_tree(tree, "l4")))

    def test_yaml_subset(self):
        t = yamlsub.load("a:  # c\n  b: 1  # x\n  c: {lat: 4, del: 2}\n"
                         "d: [0, 8]\ne: text (with, commas)\n")
        p = yamlsub.plain(t)
        self.assertEqual(p, {"a": {"b": 1, "c": {"lat": 4, "del": 2}},
                             "d": [0, 8], "e": "text (with, commas)"})
        self.assertEqual(t["a"][0]["b"][1], 2)
        with self.assertRaisesRegex(yamlsub.YamlError, "duplicate key"):
            yamlsub.load("a: 1\na: 2\n")
        self.assertEqual(yamlsub.fields(t), {"a.b": 1, "a.c": {"lat": 4, "del": 2},
                                             "d": [0, 8], "e": "text (with, commas)"})

    def test_one_checker_for_cards_and_files(self):
        # `ktime target derive`'s card check and the kit's file check hold
        # the same ranges: a shipped card's own figures pass, and a figure
        # out of range is named by both with the same bounds.
        card = os.path.join(ROOT, "gpu-targets", "l4.yaml")
        fields = targetfile.read_fields(card)
        self.assertEqual(check.check_card(fields), [])
        fields["memory.l2.latency"] = 30000
        tree = flatten.flat_tree(card)
        tree["memory"]["l2"]["latency"] = 30000
        want = ("field 'memory.l2.latency': must be between 1 and 20000 "
                "cycles, got 30000")
        self.assertIn(want, check.check_card(fields))
        self.assertIn(want, check.check_tree(tree, "l4"))


class TurnaroundTest(unittest.TestCase):
    # The cards' own figures (what cudaGetDeviceProperties reports).
    DEVICES = {
        "sm_75": "sms=40 clock_mhz=1590 mem_mhz=5001 bus_bits=256 "
                 "l2_bytes=4194304",
        "sm_89": "sms=58 clock_mhz=2040 mem_mhz=6251 bus_bits=192 "
                 "l2_bytes=50331648",
    }

    def records(self, arch, sms):
        # Slot times 300, 320 and 310 cycles at 1000 MHz, spans 20: the
        # turnaround is their median less the span, 290 cycles.
        lines = ['device name="Card" arch="%s" %s' % (arch, self.DEVICES[arch]),
                 'clock method="spin" sm_mhz=1000']
        for block, slot in ((32, 300), (64, 320), (128, 310)):
            grid = (1 << 24) // block
            refills = -(-grid // (sms * 2))
            lines.append("turnaround block=%d grid=%d sms=%d slots_per_sm=2 "
                         "shared_bytes=1024 device_us=%r span_cycles=20 "
                         "sm_mhz=1000" % (block, grid, sms,
                                          slot * refills / 1000.0))
        return raw.Raw(raw.parse_lines(lines))

    def written(self, card, arch, sms):
        """The file written from CARD's shipped target: its text, whose
        launch section gives the measured 290 cycles once, and which passes
        the checks."""
        base = os.path.join(ROOT, "gpu-targets", card + ".yaml")
        text = target.write(self.records(arch, sms), base, card + "-measured",
                            "2025-01-01")
        tree = yamlsub.plain(yamlsub.load(text))
        self.assertEqual(tree["launch"]["block_turnaround_cycles"], 290.0)
        self.assertEqual(text.count("block_turnaround_cycles:"), 1)
        self.assertEqual(check.check_tree(tree, card + "-measured"), [])
        return text

    def test_added_where_the_base_has_none(self):
        # A Turing base (arch/sm_75.yaml gives no turnaround): the measured
        # figure is a line of its own in the launch section.
        self.written("t4", "sm_75", 40)

    def test_replaced_where_the_base_has_one(self):
        # An Ada base: arch/sm_89.yaml's 539 is replaced.
        self.assertNotIn("block_turnaround_cycles: 539",
                         self.written("l4", "sm_89", 58))


class SharedBankRateTest(unittest.TestCase):
    DEVICES = {
        "sm_75": "sms=40 clock_mhz=1590 mem_mhz=5001 bus_bits=256 "
                 "l2_bytes=4194304",
        "sm_86": "sms=84 clock_mhz=1740 mem_mhz=7251 bus_bits=384 "
                 "l2_bytes=6291456",
    }

    def bank_rate(self, card, arch, conflicted):
        """memory.shared.bank_bytes_per_clk of the file written from CARD's
        shipped target, where conflict-free 4-byte shared loads move 64
        B/clk/SM and 2-way conflicted ones CONFLICTED; the file passes the
        checks and gives the figure once."""
        lines = ['device name="Card" arch="%s" %s' % (arch, self.DEVICES[arch]),
                 'clock method="spin" sm_mhz=1000']
        for kernel, rate in (("read4", 64), ("read4x2", conflicted)):
            lines.append('membw level="shared" kernel="%s" occupancy=1 '
                         'grid=1 block=256 bytes=1 us=1 cycles=1 gbs=1 '
                         'bytes_per_clk_sm=%r sm_mhz=1000' % (kernel, rate))
        base = os.path.join(ROOT, "gpu-targets", card + ".yaml")
        text = target.write(raw.Raw(raw.parse_lines(lines)), base,
                            card + "-measured", "2025-01-01")
        tree = yamlsub.plain(yamlsub.load(text))
        self.assertEqual(check.check_tree(tree, card + "-measured"), [])
        self.assertEqual(text.count("bank_bytes_per_clk:"), 1)
        return tree["memory"]["shared"]["bank_bytes_per_clk"]

    def test_banks_that_bind(self):
        # A Turing base, no bank rate in arch/sm_75.yaml: the 2-way loads at
        # half the rate, 32 B/clk, are two wavefronts at 2 x 32 = 64, the
        # data path's rate (added as a line of its own).
        self.assertEqual(self.bank_rate("t4", "sm_75", 32), 64.0)

    def test_banks_that_do_not_bind(self):
        # A GA10x base (arch/sm_86.yaml: 128, replaced): the 2-way loads as
        # fast as the conflict-free ones give 2 x 64 = 128, banks x width;
        # faster still (noise) is kept at banks x width.
        self.assertEqual(self.bank_rate("a40", "sm_86", 64), 128.0)
        self.assertEqual(self.bank_rate("a40", "sm_86", 70), 128.0)
        # Slower than half (noise the other way) is kept at the data path's.
        self.assertEqual(self.bank_rate("a40", "sm_86", 30), 64.0)


if __name__ == "__main__":
    unittest.main()
