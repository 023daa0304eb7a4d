#!/usr/bin/env python3
"""Renders the README's results tables from JMH JSON results (benchmarks/target/quick.json).

Usage: benchmarks/quick-table.py [RESULTS.json ...] [--shared DIR]
MB/s = ops/s x document bytes / 10^6; B/B = gc.alloc.rate.norm / document bytes.
"""
import json
import os
import sys

args = sys.argv[1:]
shared = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared')
if '--shared' in args:
    i = args.index('--shared')
    shared = args[i + 1]
    del args[i:i + 2]
files = args or [os.path.join(os.path.dirname(os.path.abspath(__file__)), 'target', 'quick.json')]
rows = []
for f in files:
    rows += json.load(open(f))

def size(doc):
    return os.path.getsize(os.path.join(shared, 'corpus', doc))

def alloc(r):
    m = r.get('secondaryMetrics', {}).get('\u00b7gc.alloc.rate.norm') or r.get('secondaryMetrics', {}).get('gc.alloc.rate.norm')
    return m['score'] if m else float('nan')

docs = ['twitter.json', 'citm_catalog.json', 'canada.json']
def table(bench, key, title, with_alloc=True):
    sel = [r for r in rows if r['benchmark'].endswith(bench)]
    if not sel:
        return
    names = []
    for r in sel:
        n = r['params'].get(key, '-') if key else '-'
        if n not in names:
            names.append(n)
    print(f'**{title}**\n')
    print('| ' + (key or 'benchmark') + ' | ' + ' | '.join(d.replace('.json', '') for d in docs) + ' |')
    print('|---|' + '---:|' * len(docs))
    for n in names:
        cells = []
        for d in docs:
            r = [x for x in sel if x['params'].get('document') == d and (not key or x['params'].get(key) == n)]
            if not r:
                cells.append('-')
                continue
            r = r[0]
            mbs = r['primaryMetric']['score'] * size(d) / 1e6
            cells.append(f'{mbs:.0f} ({alloc(r) / size(d):.2f})' if with_alloc else f'{mbs:.0f}')
        print(f'| {n} | ' + ' | '.join(cells) + ' |')
    print()

table('ParseBench.parse', 'library', 'Parse `byte[]` -> tree, MB/s of input (B allocated per input byte)')
table('TreeFloorBench.build', None, 'Tree floor (the same tree built with no parsing), MB/s of input (B/B)')
table('TreeFloorBench.walk', None, 'Walk floor (every value of the tree read, nothing written), MB/s of document size (B/B)')
table('GenerateBench.generate', 'library', 'Generate tree -> `byte[]`, MB/s of document size (B/B)')
table('ScanBench.scan', 'kernel', 'Scan only (validation, tape), MB/s', with_alloc=False)

sel = [r for r in rows if 'SmallDocBench' in r['benchmark']]
if sel:
    print('**Small documents**, ns/op (parse; generate)\n')
    docs_small = ['mixed', 'object', 'nested']
    libs = []
    for r in sel:
        if r['params']['library'] not in libs:
            libs.append(r['params']['library'])
    print('| library | mixed 34 B | object 65 B | nested 121 B |\n|---|---:|---:|---:|')
    for lib in libs:
        cells = []
        for d in docs_small:
            p = [x for x in sel if x['params']['library'] == lib and x['params']['doc'] == d and x['benchmark'].endswith('parse')]
            g = [x for x in sel if x['params']['library'] == lib and x['params']['doc'] == d and x['benchmark'].endswith('generate')]
            cells.append((f"{p[0]['primaryMetric']['score']:.0f}" if p else '-') + '; ' + (f"{g[0]['primaryMetric']['score']:.0f}" if g else '-'))
        print(f'| {lib} | ' + ' | '.join(cells) + ' |')
    print()

sel = [r for r in rows if 'NumberBench' in r['benchmark']]
if sel:
    print('**Numbers** (canada.json\'s 111,126), ns per number (B allocated per number)\n')
    print('| benchmark | ns/number | B/number |\n|---|---:|---:|')
    for r in sorted(sel, key=lambda r: r['benchmark']):
        name = r['benchmark'].split('.')[-1] + ' ' + ' '.join(f'{k}={v}' for k, v in r.get('params', {}).items())
        print(f"| {name.strip()} | {r['primaryMetric']['score']:.1f} | {alloc(r):.0f} |")
    print()

sel = [r for r in rows if 'MsgPackBench' in r['benchmark']]
if sel:
    print('**MessagePack** (the corpus converted), ops/s (B allocated per op)\n')
    print('| operation | library | ' + ' | '.join(d.replace('.json', '') for d in docs) + ' |')
    print('|---|---|' + '---:|' * len(docs))
    for op in ['unpack', 'pack']:
        for lib in ['hyson', 'msgpack-core']:
            cells = []
            for d in docs:
                r = [x for x in sel if x['benchmark'].endswith('.' + op) and x['params'].get('document') == d
                     and x['params'].get('library') == lib]
                cells.append(f"{r[0]['primaryMetric']['score']:.0f} ({alloc(r[0]) / 1e6:.2f} MB)" if r else '-')
            print(f'| {op} | {lib} | ' + ' | '.join(cells) + ' |')
        # hyson / msgpack-core, and the floor of the same tree in documents per second (TreeFloorBench)
        ratios = []
        floors = []
        for d in docs:
            h = [x for x in sel if x['benchmark'].endswith('.' + op) and x['params'].get('document') == d
                 and x['params'].get('library') == 'hyson']
            c = [x for x in sel if x['benchmark'].endswith('.' + op) and x['params'].get('document') == d
                 and x['params'].get('library') == 'msgpack-core']
            ratios.append(f"{h[0]['primaryMetric']['score'] / c[0]['primaryMetric']['score']:.2f}x" if h and c else '-')
            fl = [x for x in rows if x['benchmark'].endswith('TreeFloorBench.' + ('build' if op == 'unpack' else 'walk'))
                  and x['params'].get('document') == d]
            floors.append(f"{fl[0]['primaryMetric']['score']:.0f}" if fl else '-')
        print(f'| {op} | hyson / msgpack-core | ' + ' | '.join(ratios) + ' |')
        print(f"| {op} | floor ({'tree build' if op == 'unpack' else 'tree walk'}), ops/s | " + ' | '.join(floors) + ' |')
    print()
