package dev.hyson.internal.bind;

import dev.hyson.internal.tape.Tape;

/**
 * An abstract type with a {@link dev.hyson.bind.Discriminator}: the discriminator member is found
 * in the object (anywhere among its members, without decoding the others; of repeated ones, the one
 * the reader's {@code DuplicateKeyPolicy} keeps), its string chooses the concrete type, and that
 * type's codec reads the whole object (skipping the discriminator).
 */
final class PolyCodec extends TapeCodec<Object> {
    private final Discriminators.Info info;
    private final Codecs codecs;
    private final NameTable values;
    private final Class<?>[] types;
    private final NameTable discriminator;

    PolyCodec(Discriminators.Info info, Codecs codecs) {
        this.info = info;
        this.codecs = codecs;
        String[] names = info.byValue.keySet().toArray(new String[0]);
        int[] codes = new int[names.length];
        for (int k = 0; k < codes.length; k++) {
            codes[k] = k;
        }
        this.values = new NameTable(names, codes);
        this.types = info.byValue.values().toArray(new Class<?>[0]);
        this.discriminator = new NameTable(new String[] {info.name}, new int[] {0});
    }

    @Override
    public Object read(TapeReader r) {
        long[] t = r.t;
        int at = r.i;
        if (Tape.tag(t[at]) != Tape.OBJECT) {
            throw r.mismatch("an object (" + info.base.getSimpleName() + ")");
        }
        int count = (int) t[at + 1];
        r.i = at + 2;
        int chosen;
        try {
            // the discriminator member the reader's DuplicateKeyPolicy keeps (the last by default), as for
            // any other member; under ERROR a second one is DUPLICATE_KEY
            dev.hyson.DuplicateKeyPolicy policy = r.duplicates();
            int valueAt = -1;
            for (int m = 0; m < count; m++) {
                if (discriminator.match(r, 0) == 0) {
                    if (valueAt >= 0 && policy == dev.hyson.DuplicateKeyPolicy.ERROR) {
                        throw r.failAt(BindFailure.Problem.DUPLICATE_KEY, r.i, "duplicate member name \"" + info.name + "\"", null);
                    }
                    valueAt = r.i;
                    if (policy == dev.hyson.DuplicateKeyPolicy.FIRST_WINS) {
                        break;
                    }
                }
                r.skipIndexed();
            }
            if (valueAt < 0) {
                throw r.failAt(BindFailure.Problem.MISSING_DISCRIMINATOR, at, "no discriminator member \"" + info.name + "\" for "
                        + info.base.getName(), null);
            }
            r.i = valueAt;
            if (!TapeReader.isString(r.tag())) {
                throw r.fail(BindFailure.Problem.MISSING_DISCRIMINATOR, "discriminator \"" + info.name
                        + "\" of " + info.base.getName() + " is " + BindErrors.found(r.tag()) + ", not a string");
            }
            chosen = values.match(r, -1);
            if (chosen < 0) {
                throw r.failAt(BindFailure.Problem.UNKNOWN_DISCRIMINATOR, valueAt, "\"" + Scalars.clip(NameTable.text(r, valueAt))
                        + "\" names no subtype of " + info.base.getName() + " (one of "
                        + String.join(", ", info.byValue.keySet()) + ")", null);
            }
        } finally {
            r.i = at;
        }
        return codecs.forType(types[chosen]).read(r);
    }

    @Override
    public String describe() {
        return info.base.getSimpleName();
    }
}
