#!/usr/bin/env python3
"""Writes the seed inputs of the regression folders (src/test/resources/dev/hyson/fuzz/*Inputs/*/seed-*)
from small files of ../shared (corpus/small, conformance/jsontestsuite, conformance/msgpack).

Each harness reads its options from the END of its input (Jazzer's FuzzedDataProvider takes
primitives from the end and the remaining bytes from the front), so a seed is the document followed
by a trailer of exactly the bytes the harness consumes: zeros give the default reader options on
the Java backend, and for streams reads of 1 byte."""
import json, os, sys

here = os.path.dirname(os.path.abspath(__file__))
shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', '..', 'shared')
res = os.path.join(here, 'src/test/resources/dev/hyson/fuzz')

def read(rel):
    with open(os.path.join(shared, rel), 'rb') as f:
        return f.read()

def put(cls, method, name, data):
    if len(data) > 4096:   # libFuzzer's default max_len: larger seeds would raise it for the whole run
        return
    d = os.path.join(res, cls + 'Inputs', method)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'seed-' + name), 'wb') as f:
        f.write(data)

small = ['corpus/small/' + n for n in ['adversarial.json', 'demo.json', 'flatadversarial.json', 'smalldemo.json']]
suite = 'conformance/jsontestsuite/test_parsing/'
picked = ['y_object_duplicated_key.json', 'y_string_unicode_U+10FFFE_nonchar.json', 'y_number_real_exponent.json',
          'y_string_last_surrogates_1_and_2.json', 'i_string_1st_surrogate_but_2nd_missing.json',
          'i_number_huge_exp.json', 'n_structure_unclosed_array.json', 'n_string_invalid_utf8_after_escape.json',
          'n_number_minus_infinity.json', 'n_structure_object_unclosed_no_value.json', 'i_string_UTF-16LE_with_BOM.json',
          'y_structure_trailing_newline.json', 'n_object_trailing_comma.json', 'y_array_with_several_null.json']
docs = [(os.path.basename(p), read(p)) for p in small]
docs += [(n, read(suite + n)) for n in picked if os.path.exists(os.path.join(shared, suite + n))]

for name, doc in docs:
    put('ParseFuzzTest', 'parse', name, doc + bytes(4))
    put('PullParserFuzzTest', 'tokens', name, doc + bytes(17))
    put('ValidateFuzzTest', 'validate', name, doc + bytes(8))
    put('MessagePackFuzzTest', 'jsonRoundTrip', name, doc)
    # raw=true (1 byte), options (4 bytes), bean=false (1 byte), read from the end
    put('BindFuzzTest', 'bind', name, doc + b'\x01' + bytes(4) + b'\x00')
# the same four options with every option bit set, once
put('ParseFuzzTest', 'parse', 'demo-all-options', read(small[1]) + b'\xff\xfb\x00\x00')
put('PullParserFuzzTest', 'tokens', 'demo-stream', read(small[1]) + bytes(4) + b'\x01' + bytes(12))

lines = b'\n'.join(d.replace(b'\n', b' ') for _, d in docs) + b'\r\n\n  \n{"last":true}'
put('LinesFuzzTest', 'lines', 'mixed.ndjson', lines + bytes(9))
put('LinesFuzzTest', 'lines', 'small.ndjson', read(small[3]) + b'\n' + read(small[0]).replace(b'\n', b'') + b'\n' + bytes(9))

suite_mp = json.loads(read('conformance/msgpack/dist/msgpack-test-suite.json'))
for group, cases in sorted(suite_mp.items()):
    blob = b''.join(bytes.fromhex(c['msgpack'][-1].replace('-', '')) for c in cases)
    first = bytes.fromhex(cases[-1]['msgpack'][0].replace('-', ''))
    put('MessagePackFuzzTest', 'unpack', group.replace('.yaml', '') + '-one', first + bytes(8))
    put('MessagePackFuzzTest', 'unpack', group.replace('.yaml', '') + '-sequence', blob + bytes(8))
for i, seed in enumerate([bytes(range(64)), bytes(range(255, 0, -3)), b'\x07' * 40]):
    put('WriterFuzzTest', 'writeReadBack', 'bytes-%d' % i, seed)
