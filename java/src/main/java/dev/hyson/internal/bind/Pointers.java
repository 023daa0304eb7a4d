package dev.hyson.internal.bind;

import dev.hyson.internal.tape.Tape;
import java.util.Arrays;

/**
 * The JSON Pointer (RFC 6901) of a tape entry, found only when an error needs it: one walk from the
 * root, so binding itself keeps no path. {@code ~} is escaped as {@code ~0} and {@code /} as
 * {@code ~1} (section 3); a MessagePack key that is not a string appears as its text.
 */
final class Pointers {
    private Pointers() {
    }

    /**
     * @param r a reader over the tape
     * @param target the first entry of a value
     * @return its pointer; {@code ""} for the root or an entry no value starts at
     */
    static String at(TapeReader r, int target) {
        long[] t = r.t;
        int size = r.tape.size;
        int depth = 0;
        long[] remaining = new long[16];
        boolean[] object = new boolean[16];
        long[] index = new long[16];
        String[] names = new String[16];
        int i = 0;
        while (i < size) {
            if (i == target) {
                return build(depth, object, index, names);
            }
            long e = t[i];
            int tag = Tape.tag(e);
            if ((tag == Tape.OBJECT || tag == Tape.ARRAY) && t[i + 1] > 0) {
                depth++;
                if (depth == remaining.length) {
                    remaining = Arrays.copyOf(remaining, depth * 2);
                    object = Arrays.copyOf(object, depth * 2);
                    index = Arrays.copyOf(index, depth * 2);
                    names = Arrays.copyOf(names, depth * 2);
                }
                remaining[depth] = t[i + 1];
                object[depth] = tag == Tape.OBJECT;
                index[depth] = 0;
                i += 2;
                if (object[depth]) {
                    names[depth] = nameAt(r, i);
                    if (i == target) {
                        return build(depth, object, index, names); // a failure at a member name or map key
                    }
                    i = TapeExtents.next(t, i);
                }
                continue;
            }
            i = TapeExtents.next(t, i);
            // close every container this value completes, then step to the next sibling
            for (;;) {
                if (depth == 0) {
                    return "";
                }
                if (--remaining[depth] > 0) {
                    index[depth]++;
                    if (object[depth]) {
                        names[depth] = nameAt(r, i);
                        if (i == target) {
                            return build(depth, object, index, names);
                        }
                        i = TapeExtents.next(t, i);
                    }
                    break;
                }
                depth--;
            }
        }
        return "";
    }

    private static String nameAt(TapeReader r, int at) {
        int saved = r.i;
        try {
            r.i = at;
            if (TapeReader.isString(r.tag())) {
                return r.readString();
            }
            Object key = r.readTree();
            return key instanceof byte[] ? java.util.Base64.getEncoder().encodeToString((byte[]) key) : String.valueOf(key);
        } finally {
            r.i = saved;
        }
    }

    private static String build(int depth, boolean[] object, long[] index, String[] names) {
        StringBuilder b = new StringBuilder();
        for (int d = 1; d <= depth; d++) {
            b.append('/');
            if (object[d]) {
                String n = names[d];
                for (int k = 0; k < n.length(); k++) {
                    char c = n.charAt(k);
                    if (c == '~') {
                        b.append("~0");
                    } else if (c == '/') {
                        b.append("~1");
                    } else {
                        b.append(c);
                    }
                }
            } else {
                b.append(index[d]);
            }
        }
        return b.toString();
    }
}
