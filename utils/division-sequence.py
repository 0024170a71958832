#!/usr/bin/env python3
"""Counts the machine instructions ptxas expands a 32-bit integer division
or remainder by a variable into, by the instruction class KernelTime prices
them with, and prints the issue delay of the sequence on each architecture
file (the derivation of int.div's `del` in gpu-targets/arch/*.yaml,
docs/costs.md "Integer division").

No GPU needed: it compiles tiny PTX kernels with the CUDA SDK's ptxas and
reads the cubin's code section. ptxas's architectures only (CUDA 13: sm_75
and later). Instructions are 16 bytes there; their opcode is the low 9 bits
of the first word. The opcodes of the classes other than int.add (IMAD and
IMAD.HI; I2F and F2I; MUFU) are checked, per architecture, against one
probe kernel per instruction (mul.hi.u32, cvt.rn.f32.u32, cvt.rzi.u32.f32,
rcp.approx.ftz.f32) before anything is counted; every other opcode of the
sequence is an integer ALU instruction (add, compare, logic, absolute
value, select, move).

  division-sequence.py [--ptxas PTXAS] [--targets DIR] [ARCH...]
"""
import argparse
import collections
import os
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'utils'))
from ktime_tools import targetyaml  # noqa: E402

KERNEL = """.version {version}
.target {arch}
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 a, .param .u32 b)
{{
 .reg .b32 %r<8>; .reg .f32 %f<4>; .reg .b64 %rd<3>;
 ld.param.u64 %rd1, [p]; ld.param.u32 %r1, [a]; ld.param.u32 %r2, [b];
 mov.u32 %r4, %tid.x; add.s32 %r1, %r1, %r4;
 {body}
 cvta.to.global.u64 %rd2, %rd1;
 st.global.u32 [%rd2], %r3;
 ret;
}}
"""
BASE = 'xor.b32 %r3, %r1, %r2;'
# The opcodes of each class but int.add, and a probe that must add one.
OPCODES = {
    'int.mul': {0x24, 0x25, 0x27},  # IMAD (and IMAD.MOV), .WIDE, .HI
    'convert': {0x45, 0x105, 0x106},  # I2F (two forms), F2I
    'sfu': {0x108},  # MUFU
}
PROBES = {
    'int.mul': ['mul.hi.u32 %r3, %r1, %r2;'],
    'convert': ['cvt.rn.f32.u32 %f1, %r1; mov.b32 %r3, %f1;',
                'mov.b32 %f1, %r1; cvt.rzi.u32.f32 %r3, %f1;'],
    'sfu': ['mov.b32 %f1, %r1; rcp.approx.ftz.f32 %f2, %f1; '
            'mov.b32 %r3, %f2;'],
}
OPS = ['div.s32', 'div.u32', 'rem.s32', 'rem.u32']
CLASSES = ['int.add', 'int.mul', 'convert', 'sfu']


def code_words(cubin):
    """The 16-byte instructions of the kernel's .text section."""
    data = open(cubin, 'rb').read()
    shoff = struct.unpack_from('<Q', data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3A)
    sections = [struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize)
                for i in range(shnum)]
    names = sections[shstrndx][4]
    for s in sections:
        name = data[names + s[0]:data.index(b'\0', names + s[0])]
        if name == b'.text.k':
            body = data[s[4]:s[4] + s[5]]
            words = [body[i:i + 16] for i in range(0, len(body), 16)]
            # The section ends in a branch to itself and NOPs padding it to
            # a multiple of 128 bytes; a NOP has no operand bits.
            while words and not any(words[-1][2:12]):
                words.pop()
            return words[:-1]
    sys.exit(f'{cubin}: no .text.k section')


def opcodes(ptxas, work, arch, body):
    """The multiset of opcodes of the kernel computing \\p body."""
    digits = ''.join(ch for ch in arch[3:] if ch.isdigit())
    version = '8.7' if int(digits or 0) >= 100 else '8.0'
    ptx = os.path.join(work, 'k.ptx')
    cubin = os.path.join(work, 'k.cubin')
    with open(ptx, 'w') as f:
        f.write(KERNEL.format(version=version, arch=arch, body=body))
    run = subprocess.run([ptxas, f'-arch={arch}', '-o', cubin, ptx],
                         capture_output=True, text=True)
    if run.returncode:
        sys.exit(f'ptxas cannot compile for {arch}:\n{run.stderr.strip()}')
    return collections.Counter(
        struct.unpack_from('<Q', w)[0] & 0x1ff for w in code_words(cubin))


def added(counts, base):
    diff = counts.copy()
    diff.subtract(base)
    return {op: n for op, n in diff.items() if n > 0}


def class_delays(arch_file):
    """Each class's issue delay per warp on one processing block."""
    tree = targetyaml.plain(targetyaml.read(arch_file))
    blocks = tree['sm']['processing_blocks']
    warp = tree['sm']['warp_size']
    delays = {}
    for cls in CLASSES:
        entry = tree['instructions'][cls]
        if 'del' in entry:
            delays[cls] = entry['del']
        elif 'ops_per_clk_per_sm' in entry:
            delays[cls] = warp / (entry['ops_per_clk_per_sm'] / blocks)
        else:
            delays[cls] = max(warp / entry['units_per_pb'], 1)
    return delays


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('arch', nargs='*',
                    default=['sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90'])
    ap.add_argument('--ptxas', default=shutil.which('ptxas') or os.path.join(
        os.environ.get('CUDA_PATH', '/usr/local/cuda'), 'bin', 'ptxas'))
    ap.add_argument('--targets', default=os.path.join(ROOT, 'gpu-targets'))
    args = ap.parse_args()
    print('| arch | op | instructions | int.add | int.mul | convert | sfu '
          '| del |')
    print('|---|---|---|---|---|---|---|---|')
    with tempfile.TemporaryDirectory() as work:
        for arch in args.arch:
            base = opcodes(args.ptxas, work, arch, BASE)
            for cls, probes in PROBES.items():
                for probe in probes:
                    new = added(opcodes(args.ptxas, work, arch, probe), base)
                    if not OPCODES[cls] & set(new):
                        sys.exit(f'{arch}: the {cls} probe "{probe}" adds '
                                 f'opcodes {sorted(map(hex, new))}, none '
                                 'of the class: the opcode table is wrong')
            arch_file = os.path.join(args.targets, 'arch', f'{arch}.yaml')
            if not os.path.exists(arch_file):
                sys.exit(f'no architecture file {arch_file}: the counts '
                         'need its classes\' delays')
            delays = class_delays(arch_file)
            means = collections.Counter()
            for op in OPS:
                body = f'{op} %r3, %r1, %r2;'
                diff = opcodes(args.ptxas, work, arch, body)
                diff.subtract(base)
                # Net counts: an opcode the base kernel has fewer of (a
                # constant loaded another way) is taken off its class. The
                # xor the operation replaced was one integer ALU op.
                count = collections.Counter()
                for opcode, n in diff.items():
                    count[next((c for c, ops in OPCODES.items()
                                if opcode in ops), 'int.add')] += n
                count['int.add'] += 1
                delay = sum(count[c] * delays[c] for c in CLASSES)
                means.update({c: count[c] / len(OPS) for c in CLASSES})
                print(f'| {arch} | {op} | {sum(count.values())} | '
                      + ' | '.join(str(count[c]) for c in CLASSES)
                      + f' | {delay:g} |')
            delay = sum(means[c] * delays[c] for c in CLASSES)
            print(f'| {arch} | mean | {sum(means.values()):g} | '
                  + ' | '.join(f'{means[c]:g}' for c in CLASSES)
                  + f' | **{delay:g}** |')


if __name__ == '__main__':
    main()
