package dev.hyson.internal.tape;

import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.internal.names.KeyCache;
import dev.hyson.internal.number.NumberText;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.ScanError;
import dev.hyson.internal.text.Utf8;
import dev.hyson.internal.tree.MemberMaps;
import dev.hyson.tree.MemberMap;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;

/**
 * Turns a {@link Tape} into ordinary Java values: an object becomes a {@link MemberMap} (or, with
 * {@code linkedHashMaps}, a {@code LinkedHashMap<String,Object>}), an array an
 * {@code ArrayList<Object>}, then {@code String}, {@code Long}, {@code BigInteger}, {@code Double}
 * or {@code BigDecimal}, {@code Boolean} and {@code null}. One materializer serves both backends.
 *
 * <p>Iterative (an explicit stack), so depth costs no Java stack. Containers are created at their
 * final size from the counts on the tape; member names come from the {@link KeyCache}. An object's
 * members go into one array of alternating names and values, which the {@code MemberMap} adopts
 * when the object closes; repeated names are looked for once then, with linear work (pairwise
 * hash codes up to 8 members, a hash table above), instead of a lookup per member.
 */
public final class TapeMaterializer {
    private TapeMaterializer() {
    }

    /**
     * Builds the value of a tape scanned from {@code src[start, end)}.
     *
     * @throws dev.hyson.JsonParseException for a duplicate member name under {@link DuplicateKeyPolicy#ERROR}
     */
    public static Object materialize(Tape tape, byte[] src, int start, int end, ReadConfig cfg, KeyCache keys) {
        return materializeAt(tape, 0, src, start, end, cfg, keys);
    }

    /**
     * Builds the value whose first entry is {@code from} (a member's or element's value, for binding to
     * {@code Object}), and leaves the index of the entry after it in {@link Tape#nextEntry}.
     *
     * @throws dev.hyson.JsonParseException for a duplicate member name under {@link DuplicateKeyPolicy#ERROR}
     */
    public static Object materializeAt(Tape tape, int from, byte[] src, int start, int end, ReadConfig cfg, KeyCache keys) {
        try {
            return build(tape, from, src, start, end, cfg, keys);
        } catch (RuntimeException | Error e) {
            // a failed build leaves open containers on the reused stacks: drop them
            Arrays.fill(tape.openContainers, null);
            throw e;
        }
    }

    @SuppressWarnings("unchecked")
    private static Object build(Tape tape, int from, byte[] src, int start, int end, ReadConfig cfg, KeyCache keys) {
        long[] t = tape.entries;
        int i = from;
        int outerDepth = 0; // the open containers below are this build's own
        // the tape's stacks: a container is set at its depth when opened and cleared when closed
        Object[] containers = tape.openContainers;
        int[] remaining = tape.openRemaining;
        boolean[] isObject = tape.openIsObject;
        int[] bases = tape.openBases;
        int depth = 0;
        int offsetsTop = 0; // under ERROR: the used part of tape.memberOffsets
        DuplicateKeyPolicy duplicates = cfg.duplicateKeys;
        boolean recordOffsets = duplicates == DuplicateKeyPolicy.ERROR;
        KeyCache cache = cfg.internKeys ? keys : null;
        boolean windowed = tape.windowed;
        byte[] text = windowed ? tape.spans : src; // where the span entries' bytes are

        for (;;) {
            long e = t[i];
            Object v;
            switch (Tape.tag(e)) {
                case Tape.OBJECT:
                case Tape.ARRAY: {
                    int count = (int) t[i + 1];
                    boolean object = Tape.tag(e) == Tape.OBJECT;
                    i += 2;
                    if (count == 0) {
                        v = object ? emptyObject(cfg) : new ArrayList<Object>(0);
                        break;
                    }
                    depth++;
                    if (depth == containers.length) {
                        containers = grow(tape, depth);
                        remaining = tape.openRemaining;
                        isObject = tape.openIsObject;
                        bases = tape.openBases;
                    }
                    remaining[depth] = count;
                    isObject[depth] = object;
                    if (!object) {
                        containers[depth] = new ArrayList<Object>(count);
                        continue;
                    }
                    Object[] members = new Object[2 * count];
                    containers[depth] = members;
                    if (recordOffsets) {
                        bases[depth] = offsetsTop;
                        if (offsetsTop + count > tape.memberOffsets.length) {
                            tape.memberOffsets = Arrays.copyOf(tape.memberOffsets,
                                    (int) Math.min(Integer.MAX_VALUE - 16, Math.max(2L * tape.memberOffsets.length, (long) offsetsTop + count)));
                        }
                        tape.memberOffsets[offsetsTop] = Tape.payload(t[i]);
                        offsetsTop += count;
                    }
                    // an object's entries alternate name and value: take the first name now
                    members[0] = name(t[i], t[i + 1], tape, text, windowed, cache);
                    i += 2;
                    continue;
                }
                case Tape.STR_ASCII:
                    v = new String(text, spanStart(e, t[i + 1], windowed, 1), (int) t[i + 1], StandardCharsets.ISO_8859_1);
                    i += 2;
                    break;
                case Tape.STR_UTF8:
                    v = utf8(text, spanStart(e, t[i + 1], windowed, 1), (int) t[i + 1], tape);
                    i += 2;
                    break;
                case Tape.STR_LATIN1:
                case Tape.STR_UTF16:
                    v = decoded(e, t[i + 1], tape);
                    i += 2;
                    break;
                case Tape.INT64:
                    v = t[i + 1];
                    i += 2;
                    break;
                case Tape.DOUBLE:
                    v = Double.longBitsToDouble(t[i + 1]);
                    i += 2;
                    break;
                case Tape.BIG_INTEGER:
                    v = new BigInteger(new String(text, spanStart(e, t[i + 1], windowed, 0), (int) t[i + 1], StandardCharsets.ISO_8859_1));
                    i += 2;
                    break;
                case Tape.BIG_DECIMAL: {
                    int off = spanStart(e, t[i + 1], windowed, 0);
                    int len = (int) t[i + 1];
                    // the grammar allows any exponent, BigDecimal's scale is an int; decided here, not
                    // by the JDK, whose limit moved between releases (17 rejects 1e2147483648, 25 not)
                    BigDecimal exact = NumberText.bigDecimal(text, off, len);
                    if (exact == null) {
                        throw materializeError(ScanError.BIG_DECIMAL_RANGE, src, start, end, Tape.payload(e), cfg, windowed);
                    }
                    v = exact;
                    i += 2;
                    break;
                }
                case Tape.TRUE:
                    v = Boolean.TRUE;
                    i++;
                    break;
                case Tape.FALSE:
                    v = Boolean.FALSE;
                    i++;
                    break;
                case Tape.NULL:
                    v = null;
                    i++;
                    break;
                default:
                    throw new IllegalStateException("corrupt tape: tag " + Tape.tag(e) + " at entry " + i);
            }
            // attach v to its container, closing every container it completes
            for (;;) {
                if (depth == outerDepth) {
                    tape.nextEntry = i;
                    return v;
                }
                Object c = containers[depth];
                int left = --remaining[depth];
                if (!isObject[depth]) {
                    ((ArrayList<Object>) c).add(v);
                    if (left > 0) {
                        break;
                    }
                } else {
                    Object[] members = (Object[]) c;
                    int p = (members.length >> 1) - left; // members filled, this one included
                    members[2 * p - 1] = v;
                    if (left > 0) {
                        if (recordOffsets) {
                            tape.memberOffsets[bases[depth] + p] = Tape.payload(t[i]);
                        }
                        members[2 * p] = name(t[i], t[i + 1], tape, text, windowed, cache);
                        i += 2;
                        break;
                    }
                    c = closeObject(members, p, tape, cfg, src, start, end, windowed, bases[depth]);
                    if (recordOffsets) {
                        offsetsTop = bases[depth];
                    }
                }
                v = c;
                containers[depth] = null;
                depth--;
            }
        }
    }

    private static Object[] grow(Tape tape, int depth) {
        int n = depth * 2;
        tape.openRemaining = Arrays.copyOf(tape.openRemaining, n);
        tape.openIsObject = Arrays.copyOf(tape.openIsObject, n);
        tape.openBases = Arrays.copyOf(tape.openBases, n);
        return tape.openContainers = Arrays.copyOf(tape.openContainers, n);
    }

    private static Object emptyObject(ReadConfig cfg) {
        return cfg.linkedHashMaps ? new LinkedHashMap<String, Object>() : new MemberMap<String, Object>(0);
    }

    /** The map of an object whose {@code n} members are all in {@code members}, repeated names resolved by the policy. */
    private static Object closeObject(Object[] members, int n, Tape tape, ReadConfig cfg, byte[] src, int start, int end,
            boolean windowed, int base) {
        MemberMaps.Access maps = MEMBER_MAPS;
        int repeat = -1;
        if (n > 1) {
            int[] slots = tape.memberSlots;
            if (n > MemberMap.LINEAR_MAX && slots.length < 2 * n && n <= SLOTS_KEPT) {
                slots = tape.memberSlots = new int[Integer.highestOneBit(4 * n)];
            }
            repeat = maps.firstRepeat(members, n, slots);
        }
        DuplicateKeyPolicy duplicates = cfg.duplicateKeys;
        if (repeat >= 0 && duplicates == DuplicateKeyPolicy.ERROR) {
            throw materializeError(ScanError.DUPLICATE_KEY, src, start, end, tape.memberOffsets[base + repeat], cfg, windowed);
        }
        if (cfg.linkedHashMaps) {
            LinkedHashMap<Object, Object> map = new LinkedHashMap<>(capacity(n));
            boolean lastWins = duplicates == DuplicateKeyPolicy.LAST_WINS;
            for (int k = 0; k < n; k++) {
                if (lastWins) {
                    map.put(members[2 * k], members[2 * k + 1]);
                } else {
                    map.putIfAbsent(members[2 * k], members[2 * k + 1]);
                }
            }
            return map;
        }
        if (repeat < 0) {
            return maps.adopt(members, n);
        }
        return maps.merge(members, n, duplicates == DuplicateKeyPolicy.LAST_WINS);
    }

    /** Objects up to this many members reuse the tape's table for finding repeated names. */
    private static final int SLOTS_KEPT = 1 << 14;

    private static final MemberMaps.Access MEMBER_MAPS = MemberMaps.access();

    /**
     * Builds a string from UTF-8 the scanner has validated. Decoding into the tape's reusable char
     * buffer and building the string from it allocates only the string's own array (two when it
     * is not Latin-1); JDK 17's {@code new String(bytes, UTF_8)} allocates up to three.
     */
    public static String utf8(byte[] src, int off, int len, Tape tape) {
        char[] buf = tape.scratch;
        if (buf.length < len) {
            buf = tape.scratch = new char[Math.max(len, buf.length * 2)];
        }
        int n = Utf8.toChars(src, off, off + len, buf, 0);
        return new String(buf, 0, n);
    }

    /**
     * Where a span entry's bytes start: after the quote in the input ({@code skip} 1 for a string),
     * or, on a windowed tape, in {@link Tape#spans} (entry 1's high half).
     */
    private static int spanStart(long e, long e1, boolean windowed, int skip) {
        return windowed ? (int) (e1 >>> 32) : (int) Tape.payload(e) + skip;
    }

    /**
     * An error only the materializer finds. A windowed tape has no input left to count lines in;
     * JsonReader never materializes one under options that can fail here (it buffers instead).
     */
    private static RuntimeException materializeError(int code, byte[] src, int start, int end, long at, ReadConfig cfg,
            boolean windowed) {
        if (windowed) {
            return new IllegalStateException("error code " + code + " on a windowed tape at offset " + at);
        }
        return ScanError.create(code, src, start, end, at, cfg);
    }

    private static String name(long e, long e1, Tape tape, byte[] src, boolean windowed, KeyCache cache) {
        int tag = Tape.tag(e);
        if (tag == Tape.STR_ASCII || tag == Tape.STR_UTF8) {
            int off = spanStart(e, e1, windowed, 1);
            int len = (int) e1;
            if (cache != null) {
                return cache.lookup(src, off, len, tag == Tape.STR_ASCII);
            }
            return new String(src, off, len, tag == Tape.STR_ASCII ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        }
        return decoded(e, e1, tape);
    }

    private static String decoded(long e, long e1, Tape tape) {
        int from = (int) (e1 >>> 32);
        int len = (int) e1;
        return Tape.tag(e) == Tape.STR_LATIN1
                ? new String(tape.latin1, from, len, StandardCharsets.ISO_8859_1)
                : new String(tape.utf16, from, len);
    }

    /** The initial HashMap capacity that holds {@code count} entries without a resize (load factor 0.75). */
    private static int capacity(int count) {
        return (int) Math.min(1 << 30, (long) count * 4 / 3 + 1);
    }
}
