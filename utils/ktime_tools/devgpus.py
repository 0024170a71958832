"""The GPUs of the development set's data: the name a data set gives a
GPU -> the KernelTime target names or aliases that are that card (the
table's `target` column). Which of them the plugin knows is decided when
the harness runs; a card with none is counted as "no target".

Names are matched after lowering and dropping "NVIDIA", "GeForce", "Tesla"
and punctuation, so "NVIDIA GeForce RTX 3060 Ti", "3060ti" and "rtx_3060_ti"
are one card.
"""

import re

# normalised data name -> candidate target names (first known one wins)
CARDS = {
    'gtx1650': ['gtx-1650', 'gtx-1650-4gb'],
    'rtx2060': ['rtx-2060', 'rtx-2060-6gb'],
    'rtx3060': ['rtx-3060', 'rtx-3060-12gb'],
    'rtx3060laptopgpu': ['rtx-3060-laptop'],
    'rtx3060laptop': ['rtx-3060-laptop'],
    'rtx3060ti': ['rtx-3060-ti'],
    'rtx3070ti': ['rtx-3070-ti'],
    'rtx3080': ['rtx-3080-10gb', 'rtx-3080'],
    'rtx3090': ['rtx-3090'],
    'rtx2080ti': ['rtx-2080-ti'],
    'titanrtx': ['titan-rtx'],
    'rtxa4000': ['rtx-a4000'],
    'rtxa6000': ['rtx-a6000'],
    'a100pcie40gb': ['a100-pcie-40gb'],
    'a10040': ['a100-pcie-40gb'],
    'a100sxm480gb': ['a100-sxm4-80gb'],
    'a10080': ['a100-sxm4-80gb'],
    'v100pcie16gb': ['v100-pcie-16gb'],
    'v100': ['v100-pcie-16gb'],
    'h100pcie': ['h100-pcie'],
    'h200': ['h200'],
    'gh200': ['gh200'],
    'l40': ['l40'],
    'a40': ['a40'],
    't4': ['t4'],
    # nvprof data (marcosamaris/gpuperfpredict)
    'k40c': ['k40c', 'k40'],
    'k40': ['k40c', 'k40'],
    'k20': ['k20', 'k20c'],
    'gtx680': ['gtx-680'],
    'gtx970': ['gtx-970'],
    'gtx980': ['gtx-980'],
    'titan': ['gtx-titan'],
    'titanx': ['gtx-titan-x', 'titan-x-maxwell'],
    'quadro': ['quadro-k5200'],
    'p100': ['p100-sxm2-16gb', 'p100'],
}

_DROP = re.compile(r'\b(nvidia|geforce|tesla)\b')


def normal(name):
    s = _DROP.sub('', (name or '').lower())
    s = re.sub(r'\(\d+\)', '', s)
    return re.sub(r'[^a-z0-9]', '', s)


def targets_for(name):
    """The candidate target names of the data's GPU NAME ([] if unknown)."""
    return list(CARDS.get(normal(name), []))


def target_cell(name):
    return '|'.join(targets_for(name))
