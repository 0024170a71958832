"""Unit tests of bench/corpus_launch.py's by-value struct parameters: the
byval attribute's type, the IR's struct definitions and the fields each
gets a value for, named as the plugin names them (docs/usage.md, "Names a
launch can bind"). Run: python3 test_corpus_launch.py (lit:
test/utils/unit-corpus-launch.test)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..',
                                'bench'))
import corpus_launch  # noqa: E402

IR = '''%struct.Inner = type { i32, float }
%struct.P = type { float, i32, %struct.Inner, [3 x i32] }
%"class.ns::Q" = type <{ i8, i64 }>
%struct.Opaque = type opaque

define dso_local ptx_kernel void @_Z1kPf1P(ptr noundef %0, ptr noundef readonly byval(%struct.P) align 4 %1) {
  ret void
}
'''


class ByvalTest(unittest.TestCase):
    def test_byval_type(self):
        self.assertEqual(corpus_launch.byval_type(
            'ptr noundef readonly byval(%struct.P) align 4 captures(none) %1'), '%struct.P')
        # A literal type with parentheses of its own inside.
        self.assertEqual(corpus_launch.byval_type('ptr byval({ i32, ptr addrspace(1) }) %p'),
                         '{ i32, ptr addrspace(1) }')
        self.assertIsNone(corpus_launch.byval_type('ptr noundef %0'))

    def test_struct_types(self):
        s = corpus_launch.struct_types(IR)
        self.assertEqual(s['%struct.P'], ['float', 'i32', '%struct.Inner', '[3 x i32]'])
        self.assertEqual(s['%"class.ns::Q"'], ['i8', 'i64'])
        self.assertNotIn('%struct.Opaque', s)


class FieldsTest(unittest.TestCase):
    def test_nested_and_arrays(self):
        # P = { float, i32, Inner { i32, float }, [3 x i32] }: field 2's two
        # fields, field 3's three elements.
        s = corpus_launch.struct_types(IR)
        self.assertEqual(corpus_launch.scalar_fields('%struct.P', s), [
            ('.field0', '1.0'), ('.field1', '1024'), ('.field2.field0', '1024'),
            ('.field2.field1', '1.0'), ('.field3[0]', '1024'), ('.field3[1]', '1024'),
            ('.field3[2]', '1024')])

    def test_values_by_width(self):
        # An i8 (a char or a bool) 64, an i1 1, a pointer and a vector none.
        self.assertEqual(corpus_launch.scalar_fields('{ i8, i1, ptr, <2 x float>, half }', {}),
                         [('.field0', '64'), ('.field1', '1'), ('.field4', '1.0')])

    def test_unknown_struct(self):
        self.assertEqual(corpus_launch.scalar_fields('%struct.Opaque', {}), [])

    def test_spec(self):
        [(name, spec)] = corpus_launch.launch_specs(IR)
        self.assertEqual(name, '_Z1kPf1P')
        self.assertEqual(spec, '_Z1kPf1P:grid=4096,block=256,arg1.field0=1.0,arg1.field1=1024,'
                               'arg1.field2.field0=1024,arg1.field2.field1=1.0,'
                               'arg1.field3[0]=1024,arg1.field3[1]=1024,arg1.field3[2]=1024')

    def test_at_most_max_fields(self):
        ir = IR.replace('[3 x i32]', '[1000 x i32]')
        [(_, spec)] = corpus_launch.launch_specs(ir)
        fields = [p for p in spec.split(',') if p.startswith('arg1.')]
        self.assertEqual(len(fields), corpus_launch.MAX_FIELDS)
        # 4 scalars before the array, then its first 252 elements.
        self.assertEqual(fields[-1], 'arg1.field3[%d]=1024' % (corpus_launch.MAX_FIELDS - 5))


if __name__ == '__main__':
    unittest.main()
