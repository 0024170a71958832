"""Unit tests of utils/ktime_tools/validate.py's helpers: the problem-size
check against the grid rule and the names a launch reads. Run: python3
test_validate.py (lit: test/utils/unit-validate.test)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'utils'))
from ktime_tools import kcache, launch, validate  # noqa: E402


def cache(problem_size):
    data = {'tune_params_keys': ['block_size_x'], 'cache': {}}
    if problem_size is not None:
        data['problem_size'] = problem_size
    return kcache.Cache('c.json', data)


class ProblemSizeTest(unittest.TestCase):
    def test_plain_sizes(self):
        self.assertEqual(validate.plain_sizes(1024, False), [1024])
        self.assertEqual(validate.plain_sizes([4096, 4096.0], False), [4096, 4096])
        # The rule's entries are expressions; without parameters only
        # constant ones have a value.
        self.assertEqual(validate.plain_sizes(['2**10', '1'], True), [1024, 1])
        for v in (['n_x'], ['1/0'], ['1.5'], [True], ['x']):
            self.assertIsNone(validate.plain_sizes(v, True), v)
        self.assertIsNone(validate.plain_sizes(['1024'], False))  # a cache's string
        self.assertIsNone(validate.plain_sizes([None], False))

    def check(self, problem_size, rule):
        validate.check_problem_size('c.json', cache(problem_size),
                                    launch.parse_grid_rule(rule))

    def test_same_size(self):
        for ps, rule in ((1024, '1024'), ([1024], '1024,1'), ([1024, 1, 1], '1024'),
                         ([25000, 2048, 1], '25000,2048,1'), ([1024], '2**10'),
                         (1, '1,1')):
            self.check(ps, rule)

    def test_other_size_refused(self):
        for ps, rule in ((2048, '1024'), ([1024, 2], '1024'), ([1024], '1024,2'),
                         ([4096, 4096], '4096')):
            with self.assertRaises(validate.Refused) as cm:
                self.check(ps, rule)
            self.assertIn("c.json: measured for problem_size ", str(cm.exception))
        with self.assertRaises(validate.Refused) as cm:
            self.check([4096, 4096], '4096,2**11')
        self.assertEqual(str(cm.exception), "c.json: measured for problem_size [4096, 4096], "
                         "the grid rule's problem size is [4096, 2048]")

    def test_not_compared(self):
        # No problem_size, one not plain, or a rule over the parameters.
        for ps, rule in ((None, '1024'), ('4096', '1024'), ([[1, 2]], '1024'),
                         ([2048], 'n*block_size_x'), ([2048, 7], '1024,n')):
            self.check(ps, rule)


class LaunchNamesTest(unittest.TestCase):
    def test_names(self):
        rule = launch.GridRule(['4096', 'n_y'], [['block_size_x', 'tile_size_x'], 'ty*2'])
        names = validate.launch_names(rule, None, {'arg2': 'n*k', 'arg3': 7})
        for n in ('block_size_x', 'block_size_y', 'block_size_z', 'tile_size_x', 'ty',
                  'n_y', 'n', 'k'):
            self.assertIn(n, names)
        self.assertNotIn('tile_size_y', names)
        self.assertIn('bx', validate.launch_names(launch.GridRule([1024]), ['bx'], {}))


if __name__ == '__main__':
    unittest.main()
